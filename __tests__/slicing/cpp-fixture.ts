/** A small C++ project: a class in a header, out-of-line methods, and one mixed change to slice. */
export const CPP_BASE: Record<string, string> = {
  'db/table.h': `#pragma once
#include <string>
#include <vector>
namespace kv {
class Table {
 public:
  explicit Table(int capacity);
  bool Put(const std::string& key, int value);
  int Size() const;
 private:
  void Grow(int& capacity);
  std::vector<int> values_;
  int capacity_;
  int count_;
};
}  // namespace kv
`,
  'db/table.cc': `#include "table.h"
namespace kv {
static int g_puts = 0;
Table::Table(int capacity) : capacity_(capacity), count_(0) {
  values_.resize(capacity);
}
void Table::Grow(int& capacity) {
  capacity *= 2;
}
bool Table::Put(const std::string& key, int value) {
  int cap = capacity_;
  auto [ok, slot] = std::make_pair(true, count_);
  if (count_ >= cap) {
    Grow(cap);
  }
  for (auto& v : values_) {
    v += 0;
  }
  auto add = [&](int x) { return x + value; };
  values_[slot] = value;
  count_++;
  g_puts++;
  return ok && !values_.empty();
}
int Table::Size() const { return count_; }
}  // namespace kv
`,
};

export const CPP_HEAD: Record<string, string> = {
  'db/table.cc': (CPP_BASE['db/table.cc'] as string).replace(
    '  values_[slot] = value;\n',
    '  values_[slot % cap] = add(value) + g_puts + Size();\n',
  ),
};
