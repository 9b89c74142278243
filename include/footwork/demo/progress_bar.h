#pragma once
// A one-line text progress bar on a terminal ("rendering [#######.....] 412/1230  12 s left"),
// redrawn in place; on a pipe or file it prints only every tenth of the way, so logs stay short.

#include <chrono>
#include <cstdio>
#include <string>

namespace footwork::demo {

class ProgressBar {
 public:
  ProgressBar(std::string label, std::FILE* out = stderr);
  void Update(int done, int total);
  // Ends the line (called by the destructor if not before).
  void Finish();
  ~ProgressBar();

  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;

 private:
  std::string label_;
  std::FILE* out_;
  bool terminal_;
  bool finished_ = false;
  int last_tenth_ = -1;
  int last_done_ = 0;
  int last_total_ = 0;
  std::chrono::steady_clock::time_point started_;
};

// The bar's text for `done` of `total` after `elapsed_s` seconds (for tests and pipes).
std::string FormatProgress(const std::string& label, int done, int total, double elapsed_s,
                           int width = 30);

}  // namespace footwork::demo
