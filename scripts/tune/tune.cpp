// Texel tuning of the evaluation weights (core/eval_params.*): minimise the squared error
// between sigmoid(eval) and game results over self-play positions (chuhan-datagen), then write
// the fitted weights back as a new core/eval_params.cpp.
//
//   chuhan-tune --data data.txt [--epochs 300] [--rate 1.0] --out core/eval_params.cpp
//
// evaluate() is linear in the weights apart from the phase blend and the endgame scale, both
// recorded per position by eval::evaluate_traced, so each position is stored as its sparse
// weight coefficients (Red minus Black) and the gradient is exact.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "../lib/options.h"
#include "evaluate.h"
#include "position.h"

using namespace chuhan;
using eval::PARAM_NB;
using eval::Params;

namespace {

struct Entry {
  int16_t param;
  int16_t count;  // Red's count minus Black's
};

struct Sample {
  uint32_t first, last;  // range in the entry pool
  float result;          // 1 Red won, 0.5 draw, 0 Black won
  uint8_t phase;
  uint8_t scale_red, scale_black;
};

struct Weights {
  std::vector<double> mg = std::vector<double>(PARAM_NB), eg = std::vector<double>(PARAM_NB);
};

// Evaluation from Red's side with weights w, as evaluate() computes it (before rounding).
double evaluate_sample(const Sample& s, const std::vector<Entry>& pool, const Weights& w,
                       double* mg_out = nullptr, double* eg_out = nullptr) {
  double mg = 0, eg = 0;
  for (uint32_t k = s.first; k < s.last; ++k)
    mg += pool[k].count * w.mg[pool[k].param], eg += pool[k].count * w.eg[pool[k].param];
  if (mg_out) *mg_out = mg, *eg_out = eg;
  const double v = (mg * s.phase + eg * (eval::MaxPhase - s.phase)) / eval::MaxPhase;
  return v * (v > 0 ? s.scale_red : s.scale_black) / eval::ScaleNormal;
}

double sigmoid(double k, double v) { return 1.0 / (1.0 + std::pow(10.0, -k * v / 400.0)); }

double mean_error(const std::vector<Sample>& samples, const std::vector<Entry>& pool,
                  const Weights& w, double k) {
  double total = 0;
  for (const Sample& s : samples) {
    const double d = s.result - sigmoid(k, evaluate_sample(s, pool, w));
    total += d * d;
  }
  return total / samples.size();
}

bool tunable(int i) {
  // The general's material and the "no piece" rows are fixed at zero.
  return i != eval::typed(eval::MATERIAL, GENERAL) &&
         i != eval::typed(eval::MATERIAL, NO_PIECE_TYPE) &&
         !(i >= eval::PST && i < eval::PST + eval::PstSquares);
}

// Replaces the weight table in `path` (normally core/eval_params.cpp), keeping the rest of
// the file; writes a file with just the table if `path` has none. The table is one weight per
// line with its name, exempt from clang-format (which would realign every comment whenever one
// number grows a digit).
void write_params(const std::string& path, const Weights& w) {
  std::ostringstream table;
  table << "// clang-format off\nconst Score Params[PARAM_NB] = {\n";
  for (int i = 0; i < PARAM_NB; ++i)
    table << "    S(" << std::lround(w.mg[i]) << ", " << std::lround(w.eg[i]) << "),  // "
          << eval::param_name(i) << "\n";
  table << "};\n// clang-format on";

  std::string text;
  {
    std::ifstream in(path);
    std::stringstream buffer;
    buffer << in.rdbuf();
    text = buffer.str();
  }
  const std::string opening = "// clang-format off\nconst Score Params[PARAM_NB] = {";
  const std::string closing = "};\n// clang-format on";
  const size_t start = text.find(opening);
  const size_t end = start == std::string::npos ? std::string::npos : text.find(closing, start);
  if (end == std::string::npos)
    text = "#include \"eval_params.h\"\n\nnamespace chuhan::eval {\n\n" + table.str() +
           "\n\n}  // namespace chuhan::eval\n";
  else
    text.replace(start, end + closing.size() - start, table.str());
  std::ofstream(path) << text;
}

}  // namespace

int main(int argc, char** argv) {
  std::string data_path, out_path = "eval_params.tuned.cpp";
  int epochs = 300;
  double rate = 1.0;
  const char* usage = "usage: chuhan-tune --data FILE [--epochs N] [--rate R] [--out FILE]\n";
  const auto status =
      tools::read_options(argc, argv, usage, [&](const std::string& key, const std::string& value) {
        if (key == "--data")
          data_path = value;
        else if (key == "--out")
          out_path = value;
        else if (key == "--epochs")
          epochs = std::atoi(value.c_str());
        else if (key == "--rate")
          rate = std::atof(value.c_str());
        else
          return false;
        return true;
      });
  if (status) return *status;
  if (data_path.empty()) {
    std::cerr << usage;
    return 2;
  }

  // 1. Load positions and their traces.
  std::vector<Sample> samples;
  std::vector<Entry> pool;
  Weights w;
  for (int i = 0; i < PARAM_NB; ++i) w.mg[i] = Params[i].mg, w.eg[i] = Params[i].eg;
  std::ifstream in(data_path);
  double worst_mismatch = 0;
  for (std::string line; std::getline(in, line);) {
    const size_t sep = line.find(" ; ");
    if (sep == std::string::npos) continue;
    Position pos;
    StateInfo st;
    if (!pos.set(line.substr(0, sep), &st).empty()) continue;
    eval::Trace trace;
    const Value v = eval::evaluate_traced(pos, trace);
    Sample s{uint32_t(pool.size()),
             0,
             float(std::atof(line.c_str() + sep + 3)),
             uint8_t(trace.phase),
             uint8_t(trace.scale[RED]),
             uint8_t(trace.scale[BLACK])};
    for (int p = 0; p < PARAM_NB; ++p)
      if (const int d = trace.coefficient[RED][p] - trace.coefficient[BLACK][p]; d)
        pool.push_back({int16_t(p), int16_t(d)});
    s.last = uint32_t(pool.size());
    samples.push_back(s);
    const double red_view = pos.side_to_move() == RED ? v : -v;
    worst_mismatch = std::max(worst_mismatch, std::abs(evaluate_sample(s, pool, w) - red_view));
  }
  std::cerr << "positions " << samples.size() << ", coefficients " << pool.size()
            << ", worst trace mismatch " << worst_mismatch << " cp\n";
  if (samples.empty()) return 1;

  // 2. The sigmoid's scale K that best fits the current weights.
  double k = 1.0, best_error = mean_error(samples, pool, w, k);
  for (double step = 0.5; step > 0.001; step /= 2)
    for (double candidate : {k - step, k + step})
      if (const double e = mean_error(samples, pool, w, candidate); candidate > 0 && e < best_error)
        best_error = e, k = candidate;
  std::cerr << "K " << k << ", error " << best_error << "\n";

  // 3. Adam on the mean squared error.
  Weights m1, m2;
  const double beta1 = 0.9, beta2 = 0.999, eps = 1e-8;
  for (int epoch = 1; epoch <= epochs; ++epoch) {
    Weights grad;
    for (const Sample& s : samples) {
      double mg, eg;
      const double v = evaluate_sample(s, pool, w, &mg, &eg);
      const double sig = sigmoid(k, v);
      const double scale = (v > 0 ? s.scale_red : s.scale_black) / double(eval::ScaleNormal);
      const double common = (sig - s.result) * sig * (1 - sig) * std::log(10.0) * k / 400.0 * scale;
      const double gm = common * s.phase / eval::MaxPhase,
                   ge = common * (eval::MaxPhase - s.phase) / eval::MaxPhase;
      for (uint32_t j = s.first; j < s.last; ++j)
        grad.mg[pool[j].param] += gm * pool[j].count, grad.eg[pool[j].param] += ge * pool[j].count;
    }
    auto adam_step = [&](double g, double& m, double& v, double& x) {
      g /= samples.size();
      m = beta1 * m + (1 - beta1) * g;
      v = beta2 * v + (1 - beta2) * g * g;
      const double mhat = m / (1 - std::pow(beta1, epoch)), vhat = v / (1 - std::pow(beta2, epoch));
      x -= rate * mhat / (std::sqrt(vhat) + eps);
    };
    for (int i = 0; i < PARAM_NB; ++i) {
      if (!tunable(i)) continue;
      adam_step(grad.mg[i], m1.mg[i], m2.mg[i], w.mg[i]);
      adam_step(grad.eg[i], m1.eg[i], m2.eg[i], w.eg[i]);
    }
    if (epoch % 25 == 0 || epoch == epochs) {
      std::cerr << "epoch " << epoch << " error " << mean_error(samples, pool, w, k) << "\n";
      write_params(out_path, w);
    }
  }
  write_params(out_path, w);
  std::cerr << "wrote " << out_path << "\n";
  return 0;
}
