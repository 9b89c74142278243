#include "footwork/demo/progress_bar.h"

#include <algorithm>
#include <cmath>

#include <unistd.h>

namespace footwork::demo {

std::string FormatProgress(const std::string& label, int done, int total, double elapsed_s,
                           int width) {
  total = std::max(total, 1);
  done = std::clamp(done, 0, total);
  const int filled = done * width / total;
  std::string text = label + " [" + std::string(static_cast<std::size_t>(filled), '#') +
                     std::string(static_cast<std::size_t>(width - filled), '.') + "] " +
                     std::to_string(done) + "/" + std::to_string(total);
  if (done > 0 && done < total) {
    const double left_s = elapsed_s / done * (total - done);
    text += "  " + std::to_string(static_cast<int>(std::ceil(left_s))) + " s left";
  } else if (done == total) {
    char seconds[32];
    std::snprintf(seconds, sizeof(seconds), "  %.1f s", elapsed_s);
    text += seconds;
  }
  return text;
}

ProgressBar::ProgressBar(std::string label, std::FILE* out)
    : label_(std::move(label)),
      out_(out),
      terminal_(isatty(fileno(out)) != 0),
      started_(std::chrono::steady_clock::now()) {}

void ProgressBar::Update(int done, int total) {
  last_done_ = done;
  last_total_ = total;
  const double elapsed =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
  if (terminal_) {
    std::fprintf(out_, "\r%s\033[K", FormatProgress(label_, done, total, elapsed).c_str());
    std::fflush(out_);
    return;
  }
  const int tenth = total > 0 ? done * 10 / total : 10;
  if (tenth != last_tenth_) {
    last_tenth_ = tenth;
    std::fprintf(out_, "%s\n", FormatProgress(label_, done, total, elapsed).c_str());
  }
}

void ProgressBar::Finish() {
  if (finished_)
    return;
  finished_ = true;
  if (terminal_)
    std::fprintf(out_, "\n");
}

ProgressBar::~ProgressBar() {
  Finish();
}

}  // namespace footwork::demo
