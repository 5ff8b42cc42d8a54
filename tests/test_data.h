// Paths of the reference data that the tests read (tests/data, see its README).
#pragma once

#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace rochade::test {

inline std::string data_path(const std::string& name) { return std::string(ROCHADE_TEST_DATA_DIR) + "/" + name; }

inline std::vector<std::string> read_lines(const std::string& name)
{
    std::ifstream in(data_path(name));
    if (!in) throw std::runtime_error("cannot open test data file " + data_path(name));
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);)
        if (!line.empty() && line[0] != '#') lines.push_back(line);
    return lines;
}

} // namespace rochade::test
