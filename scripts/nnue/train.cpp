// chuhan-nnue-train: fits a network of core/nnue/ (either architecture of arch.h, --arch) to
// chuhan-datagen's records (scripts/nnue/packed.h) and exports it as a net file (README.md in
// this directory).
//
// The float model is exactly what core/nnue/ computes in integers: for each perspective
// (side to move first) a = b1 + sum of W1 rows of the active features, h = clip(a, 0, 1), and
// y = sum h^2 * w2 + b2; the evaluation is y * scale centipawns. The loss is the squared error
// between sigmoid(y) and lambda * sigmoid(score / scale) + (1 - lambda) * result, both from the
// side to move's view. Adam, minibatches split over threads, weights clipped to what the
// quantisation can hold. Quantisation-aware: the loss and its gradient are those of the weights
// rounded as the export rounds them (the float weights take the updates: a straight-through
// estimate), so the exported network is the model that was fitted.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "evaluate.h"
#include "nnue/network.h"
#include "packed.h"

using namespace chuhan;
using namespace chuhan::nnue;
using chuhan::nnue_data::PackedPosition;

namespace {

// The architecture trained (arch.h), its numbers at run time.
struct Shape {
  Architecture arch;
  int features, hidden, qa, qb;
  int (*feature)(Color perspective, Square own_general, Piece pc, Square s);
};
Shape shape_of(Architecture arch) {
  return with_shape(arch, [&](auto shape) {
    using A = decltype(shape);
    return Shape{arch, A::Features, A::Hidden, A::QA, A::QB, &A::feature};
  });
}

struct Options {
  Architecture arch = Architecture::PIECE_SQUARE;
  std::vector<std::string> data;
  std::string out = "chuhan.nnue";
  std::string checkpoint;   // float weights: read if present, written every epoch
  std::string init;         // a net file to start from (its architecture, kind and scale)
  std::string description;  // empty: the --init net's, else "Chuhan network"
  int epochs = 20;
  int batch = 16384;
  int threads = 2;
  double lr = 0.001;
  double lambda = 0.75;
  double scale = 0;  // 0: fitted to the data
  double validation = 0.02;
  int patience = 3;             // stop after this many epochs without a better validation loss
  double export_tolerance = 0;  // centipawns; see compare_exported()
  size_t max_positions = 0;
  bool mirror = true;     // train on each position's left-right mirror image too
  bool residual = false;  // learn a correction to the hand-written evaluation
  unsigned seed = 1;
};

constexpr int MaxPieces = 32;
struct Sample {
  uint16_t features[2][MaxPieces];  // side to move's perspective, then the other's
  uint8_t count;
  int16_t score;   // search score, side to move's view
  uint8_t result;  // 0 loss, 1 draw, 2 win for the side to move
  int16_t base;    // centipawns the network's output is added to (0, or the hand-written eval)
  // The engine's endgame scale (out of eval::ScaleNormal) of a lead of the side to move, and of
  // the other side's: evaluate() scales the network's output plus base by it.
  uint8_t lead_scale[2];
};

// Record p's left-right mirror image: the rules are symmetric, so it is a position of the same
// value (free data).
PackedPosition mirror_files(const PackedPosition& p) {
  PackedPosition m = p;
  std::fill(std::begin(m.board), std::end(m.board), uint8_t(0));
  for (int sq = 0; sq < SQUARE_NB; ++sq) {
    const int to = make_square(FILE_I - file_of(Square(sq)), rank_of(Square(sq)));
    m.board[to / 2] |= uint8_t(nnue_data::piece_at(p, sq) << (to % 2 * 4));
  }
  return m;
}

// The sample of record `p` for a network of `shape`. With `hand_written`, the sample's base is
// the hand-written evaluation (the network then learns a correction to it).
Sample make_sample(const PackedPosition& p, const Shape& shape, bool hand_written) {
  Sample s{};
  const Color us = nnue_data::side_to_move(p);
  Square generals[COLOR_NB] = {SQ_NONE, SQ_NONE};
  for (int sq = 0; sq < SQUARE_NB; ++sq) {
    const Piece pc = nnue_data::piece_at(p, sq);
    if (pc != NO_PIECE && type_of(pc) == GENERAL) generals[color_of(pc)] = Square(sq);
  }
  for (int sq = 0; sq < SQUARE_NB; ++sq) {
    const Piece pc = nnue_data::piece_at(p, sq);
    if (pc == NO_PIECE || s.count == MaxPieces) continue;
    s.features[0][s.count] = uint16_t(shape.feature(us, generals[us], pc, Square(sq)));
    s.features[1][s.count] = uint16_t(shape.feature(~us, generals[~us], pc, Square(sq)));
    ++s.count;
  }
  const int red_score = nnue_data::red_score(p), red_result = nnue_data::result_for_red(p);
  s.score = int16_t(us == RED ? red_score : -red_score);
  s.result = uint8_t(us == RED ? red_result : 2 - red_result);
  s.lead_scale[0] = s.lead_scale[1] = uint8_t(eval::ScaleNormal);
  Position pos;
  StateInfo st;
  if (pos.set(nnue_data::to_fen(p), &st).empty()) {
    if (hand_written) s.base = int16_t(eval::unscaled(pos));
    s.lead_scale[0] = uint8_t(eval::endgame_scale(pos, us));
    s.lead_scale[1] = uint8_t(eval::endgame_scale(pos, ~us));
  }
  return s;
}

double sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }

struct Model {
  explicit Model(const Shape& shape)
      : hidden(shape.hidden),
        w1(size_t(shape.features) * size_t(hidden)),
        b1(size_t(hidden)),
        w2(2 * size_t(hidden)) {}
  int hidden;
  std::vector<float> w1;  // feature-major: a row of `hidden` per feature
  std::vector<float> b1;
  std::vector<float> w2;  // the side to move's half, then the other's
  float b2 = 0;
  // All parameters as one list of (pointer, count), for Adam and the checkpoint.
  std::vector<std::pair<float*, size_t>> tensors() {
    return {{w1.data(), w1.size()}, {b1.data(), b1.size()}, {w2.data(), w2.size()}, {&b2, 1}};
  }
};

// Model output y for a sample, before the endgame scale (lead_factor); `hidden` receives the two
// perspectives' pre-activations.
double forward(const Model& m, const Sample& s, float* hidden, double scale) {
  const int H = m.hidden;
  double y = m.b2 + s.base / scale;
  for (int half = 0; half < 2; ++half) {
    float* a = hidden + half * H;
    std::copy(m.b1.begin(), m.b1.end(), a);
    for (int k = 0; k < s.count; ++k) {
      const float* row = &m.w1[size_t(s.features[half][k]) * size_t(H)];
      for (int i = 0; i < H; ++i) a[i] += row[i];
    }
    const float* w = &m.w2[half * H];
    for (int i = 0; i < H; ++i) {
      const float h = std::clamp(a[i], 0.0f, 1.0f);
      y += h * h * w[i];
    }
  }
  return y;
}

// What the engine multiplies the output `y` by: the endgame scale of the side it says leads.
double lead_factor(const Sample& s, double y) {
  return s.lead_scale[y > 0 ? 0 : 1] / double(eval::ScaleNormal);
}

double target(const Sample& s, double scale, double lambda) {
  return lambda * sigmoid(s.score / scale) + (1 - lambda) * s.result / 2.0;
}

// Adds the gradient of the samples' loss to `grad` (same layout as the model); returns the
// summed loss.
double accumulate(const Model& m, const std::vector<Sample>& data, const size_t* index, size_t n,
                  double scale, double lambda, Model& grad) {
  const int H = m.hidden;
  double loss = 0;
  std::vector<float> hidden(2 * size_t(H)), dhidden(static_cast<size_t>(H));
  for (size_t j = 0; j < n; ++j) {
    const Sample& s = data[index[j]];
    const double y = forward(m, s, hidden.data(), scale), factor = lead_factor(s, y);
    const double p = sigmoid(y * factor), t = target(s, scale, lambda);
    loss += (p - t) * (p - t);
    const float g = float(2 * (p - t) * p * (1 - p) * factor);
    grad.b2 += g;
    for (int half = 0; half < 2; ++half) {
      const float* a = &hidden[size_t(half * H)];
      const float* w = &m.w2[size_t(half * H)];
      float* gw = &grad.w2[size_t(half * H)];
      for (int i = 0; i < H; ++i) {
        const float h = std::clamp(a[i], 0.0f, 1.0f);
        gw[i] += g * h * h;
        dhidden[i] = a[i] > 0 && a[i] < 1 ? 2 * g * h * w[i] : 0;
        grad.b1[i] += dhidden[i];
      }
      for (int k = 0; k < s.count; ++k) {
        float* row = &grad.w1[size_t(s.features[half][k]) * size_t(H)];
        for (int i = 0; i < H; ++i) row[i] += dhidden[i];
      }
    }
  }
  return loss;
}

double mean_loss(const Model& m, const std::vector<Sample>& data, size_t begin, size_t end,
                 double scale, double lambda) {
  std::vector<float> hidden(2 * size_t(m.hidden));
  double loss = 0;
  for (size_t i = begin; i < end; ++i) {
    const double y = forward(m, data[i], hidden.data(), scale);
    const double p = sigmoid(y * lead_factor(data[i], y)), t = target(data[i], scale, lambda);
    loss += (p - t) * (p - t);
  }
  return end > begin ? loss / double(end - begin) : 0;
}

// The scale that makes sigmoid(score / scale) fit the results best.
double fit_scale(const std::vector<Sample>& data) {
  double best = 100, best_error = 1e300;
  for (double scale = 50; scale <= 1000; scale += 10) {
    double error = 0;
    for (size_t i = 0; i < data.size(); i += 7) {
      const double d = sigmoid(data[i].score / scale) - data[i].result / 2.0;
      error += d * d;
    }
    if (error < best_error) best_error = error, best = scale;
  }
  return best;
}

// The float weights' bounds: a first-layer weight (33 rows of 5 * QA, the bias and one per piece,
// stay within int16) and an output weight (what the net file's int16 may hold).
constexpr float W1Limit = 5.0f;
static_assert(33 * 5 * PieceSquare::QA <= INT16_MAX && 33 * 5 * GeneralBuckets::QA <= INT16_MAX);
float w2_limit(const Shape& shape) { return float(MaxOutputWeight) / float(shape.qb); }

int16_t quantise(double v, double factor) { return int16_t(std::lround(v * factor)); }

// The model with every weight rounded as export_network() rounds it.
void round_like_export(const Model& m, const Shape& shape, Model& out) {
  auto round_to = [](float v, double factor) { return float(std::lround(v * factor) / factor); };
  for (size_t i = 0; i < m.w1.size(); ++i) out.w1[i] = round_to(m.w1[i], shape.qa);
  for (size_t i = 0; i < m.b1.size(); ++i) out.b1[i] = round_to(m.b1[i], shape.qa);
  for (size_t i = 0; i < m.w2.size(); ++i) out.w2[i] = round_to(m.w2[i], shape.qb);
  out.b2 = round_to(m.b2, double(shape.qa) * shape.qb);
}

Network export_network(const Model& m, const Shape& shape, double scale, bool residual,
                       const std::string& description) {
  auto net = std::make_unique<Network>(shape.arch);
  for (size_t i = 0; i < m.w1.size(); ++i) net->w1[i] = quantise(m.w1[i], shape.qa);
  for (size_t i = 0; i < m.b1.size(); ++i) net->b1[i] = quantise(m.b1[i], shape.qa);
  for (size_t i = 0; i < m.w2.size(); ++i) net->w2[i] = quantise(m.w2[i], shape.qb);
  net->b2 = int32_t(std::lround(double(m.b2) * shape.qa * shape.qb));
  net->scale = int32_t(std::lround(scale));
  net->corrects_hand_written = residual;
  net->description = description;
  return *net;
}

// The float model a net file quantises (export_network() of it gives the file's weights back).
void dequantise(const Network& net, const Shape& shape, Model& m) {
  for (size_t i = 0; i < m.w1.size(); ++i) m.w1[i] = float(net.w1[i] / double(shape.qa));
  for (size_t i = 0; i < m.b1.size(); ++i) m.b1[i] = float(net.b1[i] / double(shape.qa));
  for (size_t i = 0; i < m.w2.size(); ++i) m.w2[i] = float(net.w2[i] / double(shape.qb));
  m.b2 = float(net.b2 / (double(shape.qa) * shape.qb));
}

// Reads the float weights of a checkpoint into `m`: false when there is none; exits when it is
// not of m's size (another architecture).
bool read_checkpoint(const std::string& path, Model& m) {
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  if (!in) return false;
  size_t floats = 0;
  for (auto [p, n] : m.tensors()) floats += n;
  if (size_t(in.tellg()) != floats * sizeof(float)) {
    std::cerr << "checkpoint " << path << " is not of this architecture's size\n";
    std::exit(1);
  }
  in.seekg(0);
  for (auto [p, n] : m.tensors())
    in.read(reinterpret_cast<char*>(p), std::streamsize(n * sizeof(float)));
  return bool(in);
}
void write_checkpoint(const std::string& path, Model& m) {
  std::ofstream out(path + ".tmp", std::ios::binary);
  for (auto [p, n] : m.tensors())
    out.write(reinterpret_cast<const char*>(p), std::streamsize(n * sizeof(float)));
  out.close();
  std::rename((path + ".tmp").c_str(), path.c_str());
}

// How far the exported integer network (through the engine's evaluate()) is from the float model,
// in centipawns, on up to `count` samples of `records`: false when the mean difference exceeds
// `tolerance` or the largest ten times that (tolerance 0: no limit).
bool compare_exported(const Model& m, const Shape& shape, const Network& net, double scale,
                      const std::vector<PackedPosition>& records, size_t count, double tolerance) {
  std::vector<float> hidden(2 * size_t(m.hidden));
  double total = 0, worst = 0;
  size_t n = 0;
  for (size_t i = 0; i < records.size() && n < count;
       i += std::max<size_t>(1, records.size() / count), ++n) {
    Position pos;
    StateInfo st;
    pos.set(nnue_data::to_fen(records[i]), &st);
    const Sample s = make_sample(records[i], shape, net.corrects_hand_written);
    const double y = forward(m, s, hidden.data(), scale);
    const double float_cp = y * lead_factor(s, y) * scale;
    const double diff = std::abs(float_cp - evaluate(pos, &net));
    total += diff, worst = std::max(worst, diff);
  }
  const double mean = n ? total / double(n) : 0.0;
  std::printf("exported vs float: %zu positions, mean |diff| %.2f cp, max %.2f cp\n", n, mean,
              worst);
  return tolerance <= 0 || (mean <= tolerance && worst <= 10 * tolerance);
}

}  // namespace

int main(int argc, char** argv) {
  Options opt;
  bool arch_given = false, residual_given = false;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string key = argv[i], value = argv[i + 1];
    if (key == "--data")
      opt.data.push_back(value);
    else if (key == "--arch") {
      if (value == "2" || value == "piece-square") {
        opt.arch = Architecture::PIECE_SQUARE, arch_given = true;
      } else if (value == "3" || value == "general-buckets") {
        opt.arch = Architecture::GENERAL_BUCKETS, arch_given = true;
      } else {
        std::cerr << "--arch is 2 (piece-square) or 3 (general-buckets), not " << value << "\n";
        return 2;
      }
    } else if (key == "--out")
      opt.out = value;
    else if (key == "--checkpoint")
      opt.checkpoint = value;
    else if (key == "--init")
      opt.init = value;
    else if (key == "--description")
      opt.description = value;
    else if (key == "--epochs")
      opt.epochs = std::atoi(value.c_str());
    else if (key == "--batch")
      opt.batch = std::max(1, std::atoi(value.c_str()));
    else if (key == "--threads")
      opt.threads = std::max(1, std::atoi(value.c_str()));
    else if (key == "--lr")
      opt.lr = std::atof(value.c_str());
    else if (key == "--lambda")
      opt.lambda = std::atof(value.c_str());
    else if (key == "--scale")
      opt.scale = std::atof(value.c_str());
    else if (key == "--patience")
      opt.patience = std::max(1, std::atoi(value.c_str()));
    else if (key == "--validation")
      opt.validation = std::atof(value.c_str());
    else if (key == "--max-positions")
      opt.max_positions = std::strtoull(value.c_str(), nullptr, 10);
    else if (key == "--export-tolerance")
      opt.export_tolerance = std::atof(value.c_str());
    else if (key == "--mirror")
      opt.mirror = value != "0" && value != "false";
    else if (key == "--residual")
      opt.residual = value != "0" && value != "false", residual_given = true;
    else if (key == "--seed")
      opt.seed = unsigned(std::atoi(value.c_str()));
    else {
      std::cerr << "unknown option " << key << "\n";
      return 2;
    }
  }
  if (opt.data.empty()) {
    std::cerr << "usage: chuhan-nnue-train --data FILE [--data FILE...] --out NET [--epochs N]"
                 " [--arch 2|piece-square|3|general-buckets]\n";
    return 2;
  }
  // --init: fine-tuning a net file (e.g. the default net on new data) takes its architecture,
  // its kind (correction or whole evaluation) and its scale, which its weights are in units of,
  // and its description unless --description gives another.
  std::unique_ptr<Network> init;
  if (!opt.init.empty()) {
    std::ifstream in(opt.init, std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    init = std::make_unique<Network>();
    if (const std::string error = nnue::parse(bytes.data(), bytes.size(), *init);
        !in || !error.empty()) {
      std::cerr << "--init " << opt.init << ": " << (in ? error : "cannot read it") << "\n";
      return 1;
    }
    if (arch_given && init->arch != opt.arch) {
      std::cerr << "--init " << opt.init << " is architecture " << uint32_t(init->arch)
                << ", not the --arch given\n";
      return 2;
    }
    if (residual_given && init->corrects_hand_written != opt.residual) {
      std::cerr << "--init " << opt.init << (init->corrects_hand_written ? " is" : " is not")
                << " a correction: --residual must agree or be left out\n";
      return 2;
    }
    if (opt.scale > 0 && std::lround(opt.scale) != init->scale) {
      std::cerr << "--init " << opt.init << " has scale " << init->scale << ": leave --scale out\n";
      return 2;
    }
    opt.arch = init->arch;
    opt.residual = init->corrects_hand_written;
    opt.scale = init->scale;
    if (opt.description.empty()) opt.description = init->description;
  }
  if (opt.description.empty()) opt.description = "Chuhan network";
  const Shape shape = shape_of(opt.arch);

  // The records in file order: each file game by game.
  std::vector<PackedPosition> records;
  for (const std::string& path : opt.data) {
    std::ifstream in(path, std::ios::binary | std::ios::ate);
    if (!in) {
      std::cerr << "cannot read " << path << "\n";
      return 1;
    }
    const size_t n = size_t(in.tellg()) / sizeof(PackedPosition);
    const size_t old = records.size();
    records.resize(old + n);
    in.seekg(0);
    in.read(reinterpret_cast<char*>(records.data() + old),
            std::streamsize(n * sizeof(PackedPosition)));
  }
  std::mt19937_64 rng(opt.seed);
  if (opt.max_positions && records.size() > opt.max_positions) records.resize(opt.max_positions);
  if (records.size() < 10) {
    std::cerr << "too few positions: " << records.size() << "\n";
    return 1;
  }
  // Validation: the last records as written, i.e. whole games that training never sees (a
  // position of a game seen in training would share its result); never mirrored. Training: the
  // others, shuffled, and their mirror images with --mirror.
  const size_t validation_size =
      std::max<size_t>(1, size_t(double(records.size()) * opt.validation));
  const size_t train_records = records.size() - validation_size;
  std::shuffle(records.begin(), records.begin() + long(train_records), rng);
  std::vector<Sample> data;
  data.reserve(records.size() + (opt.mirror ? train_records : 0));
  for (size_t i = 0; i < train_records; ++i)
    data.push_back(make_sample(records[i], shape, opt.residual));
  if (opt.mirror)
    for (size_t i = 0; i < train_records; ++i)
      data.push_back(make_sample(mirror_files(records[i]), shape, opt.residual));
  const size_t train_size = data.size();
  for (size_t i = train_records; i < records.size(); ++i)
    data.push_back(make_sample(records[i], shape, opt.residual));
  const double scale = opt.scale > 0 ? opt.scale : fit_scale(data);
  std::printf("%zu positions (%zu for validation), scale %.0f, lambda %.2f, architecture %u\n",
              data.size(), data.size() - train_size, scale, opt.lambda, uint32_t(opt.arch));

  Model model(shape);
  if (!opt.checkpoint.empty() && read_checkpoint(opt.checkpoint, model)) {
    std::printf("continuing from %s\n", opt.checkpoint.c_str());
  } else if (init) {
    dequantise(*init, shape, model);
    std::printf("starting from %s (%s)\n", opt.init.c_str(), init->description.c_str());
  } else {
    std::uniform_real_distribution<float> init1(-0.1f, 0.1f), init2(-0.1f, 0.1f);
    for (float& w : model.w1) w = init1(rng);
    // The rows of features that no training position has (most of them impossible: a piece
    // where it cannot go, a general outside its bucket) start at zero and, never getting a
    // gradient, stay there: neutral in the engine, and the net file compresses.
    std::vector<bool> seen(size_t(shape.features));
    for (size_t i = 0; i < train_size; ++i)
      for (int half = 0; half < 2; ++half)
        for (int k = 0; k < data[i].count; ++k) seen[data[i].features[half][k]] = true;
    size_t unseen = 0;
    for (size_t f = 0; f < seen.size(); ++f) {
      if (seen[f]) continue;
      std::fill_n(&model.w1[f * size_t(shape.hidden)], shape.hidden, 0.0f);
      ++unseen;
    }
    std::printf("%zu of %d features in no training position\n", unseen, shape.features);
    // A correction starts at zero: the model is then the hand-written evaluation.
    for (float& w : model.w2) w = opt.residual ? 0.0f : init2(rng);
  }

  // Adam state, one entry per parameter in tensors() order.
  auto params = model.tensors();
  size_t param_count = 0;
  for (auto [p, n] : params) param_count += n;
  std::vector<float> adam_m(param_count), adam_v(param_count);
  std::vector<Model> grads(size_t(opt.threads), Model(shape));
  Model rounded(shape);  // what the forward pass uses (round_like_export)
  round_like_export(model, shape, rounded);
  std::vector<size_t> order(train_size);
  for (size_t i = 0; i < train_size; ++i) order[i] = i;
  long step = 0;

  // The starting point (for a correction: the hand-written evaluation alone, near enough).
  // Early stopping: the exported model is that of the epoch with the lowest validation loss,
  // and training stops once `patience` epochs in a row have not lowered it.
  double best_loss = mean_loss(rounded, data, train_size, data.size(), scale, opt.lambda);
  std::printf("before training: validation %.6f (results only %.6f)\n", best_loss,
              mean_loss(rounded, data, train_size, data.size(), scale, 0));
  Model best = model;
  int best_epoch = 0;
  for (int epoch = 1; epoch <= opt.epochs && epoch - best_epoch <= opt.patience; ++epoch) {
    const auto started = std::chrono::steady_clock::now();
    const double lr = opt.lr * (epoch > opt.epochs * 0.9   ? 0.1
                                : epoch > opt.epochs * 0.7 ? 0.3
                                                           : 1.0);
    std::shuffle(order.begin(), order.end(), rng);
    double train_loss = 0;
    for (size_t begin = 0; begin < train_size; begin += size_t(opt.batch)) {
      const size_t n = std::min(size_t(opt.batch), train_size - begin);
      std::vector<double> losses(size_t(opt.threads));
      std::vector<std::thread> workers;
      for (int t = 0; t < opt.threads; ++t) {
        const size_t lo = n * size_t(t) / size_t(opt.threads),
                     hi = n * size_t(t + 1) / size_t(opt.threads);
        workers.emplace_back([&, t, lo, hi] {
          Model& g = grads[size_t(t)];
          for (auto [p, count] : g.tensors()) std::fill_n(p, count, 0.0f);
          losses[size_t(t)] =
              accumulate(rounded, data, &order[begin + lo], hi - lo, scale, opt.lambda, g);
        });
      }
      for (auto& w : workers) w.join();
      for (double l : losses) train_loss += l;

      // Adam over every parameter, with the gradients of all threads summed.
      ++step;
      std::vector<std::vector<std::pair<float*, size_t>>> grad_tensors;
      for (Model& gm : grads) grad_tensors.push_back(gm.tensors());
      const double correction1 = 1 - std::pow(0.9, double(step)),
                   correction2 = 1 - std::pow(0.999, double(step));
      size_t offset = 0;
      for (size_t k = 0; k < params.size(); ++k) {
        auto [p, count] = params[k];
        const float limit = k == 2 || k == 3 ? w2_limit(shape) : W1Limit;
        for (size_t i = 0; i < count; ++i) {
          float g = 0;
          for (const auto& gt : grad_tensors) g += gt[k].first[i];
          g /= float(n);
          float& m1 = adam_m[offset + i];
          float& v1 = adam_v[offset + i];
          m1 = 0.9f * m1 + 0.1f * g;
          v1 = 0.999f * v1 + 0.001f * g * g;
          p[i] -= float(lr * (m1 / correction1) / (std::sqrt(v1 / correction2) + 1e-8));
          p[i] = std::clamp(p[i], -limit, limit);
        }
        offset += count;
      }
      round_like_export(model, shape, rounded);
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    // The validation loss against the results alone compares runs with different lambdas.
    const double validation_loss =
        mean_loss(rounded, data, train_size, data.size(), scale, opt.lambda);
    std::printf("epoch %d: train %.6f validation %.6f (results only %.6f) lr %.5f (%.0f s)\n",
                epoch, train_loss / double(train_size), validation_loss,
                mean_loss(rounded, data, train_size, data.size(), scale, 0), lr, seconds);
    std::fflush(stdout);
    if (!opt.checkpoint.empty()) write_checkpoint(opt.checkpoint, model);
    if (validation_loss < best_loss) best_loss = validation_loss, best = model, best_epoch = epoch;
  }
  std::printf("exporting epoch %d (validation %.6f)\n", best_epoch, best_loss);
  round_like_export(best, shape, rounded);

  const Network net = export_network(best, shape, scale, opt.residual, opt.description);
  const std::string bytes = serialize(net);
  auto check = std::make_unique<Network>();
  const std::string error = parse(bytes.data(), bytes.size(), *check);
  if (!error.empty()) {
    std::cerr << "exported network does not load: " << error << "\n";
    return 1;
  }
  std::ofstream(opt.out, std::ios::binary) << bytes;
  std::printf("wrote %s (%zu bytes)\n", opt.out.c_str(), bytes.size());
  const std::vector<PackedPosition> held_out(records.begin() + long(train_records), records.end());
  if (!compare_exported(rounded, shape, *check, scale, held_out, 2000, opt.export_tolerance)) {
    std::cerr << "the exported network differs from the float model by more than "
              << opt.export_tolerance << " cp on average (or 10 times that at most)\n";
    return 1;
  }
  return 0;
}
