#include "tune.h"

#ifdef CHUHAN_TUNE
namespace chuhan::tune {

std::vector<Tunable>& tunables() {
  static std::vector<Tunable> list;
  return list;
}

}  // namespace chuhan::tune
#endif
