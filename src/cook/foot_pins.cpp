#include "footwork/cook/foot_pins.h"

#include <string>
#include <utility>

#include <fmt/format.h>

namespace footwork::cook {

Result<std::vector<FootPin>> FootPinsFromPlants(const anim::Skeleton& skeleton,
                                                const anim::RigBinding& binding,
                                                const FootPlants& left, const FootPlants& right) {
  std::vector<FootPin> pins;
  for (const auto& [side, plants] : {std::pair{"l", &left}, std::pair{"r", &right}}) {
    FootPin pin;
    pin.chain = {binding.Joint(std::string("thigh_") + side),
                 binding.Joint(std::string("calf_") + side),
                 binding.Joint(std::string("foot_") + side)};
    if (pin.chain.upper < 0 || pin.chain.lower < 0 || pin.chain.end < 0)
      return std::vector<FootPin>{};
    if (skeleton.parents[pin.chain.lower] != pin.chain.upper ||
        skeleton.parents[pin.chain.end] != pin.chain.lower) {
      return Error{fmt::format("rig profile '{0}': thigh_{1}, calf_{1}, foot_{1} are not a chain",
                               binding.profile_name, side)};
    }
    pin.ball = binding.Joint(std::string("ball_") + side);
    pin.pin_ball = plants->lock_on_ball;
    pin.planted = plants->lock;
    pins.push_back(std::move(pin));
  }
  return pins;
}

}  // namespace footwork::cook
