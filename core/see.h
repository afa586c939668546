// Static exchange evaluation: the material balance of the capture sequence on one square.
#pragma once

#include "position.h"

namespace chuhan {

// True if making m and then letting both sides recapture on its target square with their least
// valuable piece, each free to stop, leaves the mover at least `threshold` up. Pins are ignored;
// cannon screens and horse legs are updated as pieces leave.
bool see_ge(const Position& pos, Move m, Value threshold);

}  // namespace chuhan
