// egaroucid_web_nboard: Egaroucid for Web's engine (github.com/Nyanyan/Egaroucid,
// src/web/) as an NBoard engine, for `bitboard othello match nboard:...`.
// Our own driver: it #includes the peer's src/web/ai.hpp from a checkout
// under /tmp at build time (egaroucid_web.sh), so no Egaroucid code is in
// this tree.
//
//   egaroucid_web_nboard [--level L]     (default 10; `set depth N` sets the level)
//
// Speaks what the match driver and the NBoard GUI send: `nboard V`, `ping N`
// (pong N), `set game GGF` (the board from BO[8 ...] and the moves B[..],
// W[..], PA for a pass), `move M[/...]`, `set depth N`, `go` (answers
// `=== MOVE/EVAL/SECONDS`), `hint N` (one `search` line), `quit`.  No book:
// ai(..., use_book = false, ...).  The level's search: Egaroucid's
// level.hpp (level L: an L-ply midgame search; exact from a set number of
// empties).  On quit it prints the moves' count, mean and maximum time on
// stderr.
#include <chrono>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>

// The web edition is written for wasm32, where uint64_t is unsigned long
// long: its max(1ULL, nodes) finds no std::max on x86-64 Linux (unsigned
// long).  These two overloads make those calls mean what they mean there.
#include <cstdint>
inline unsigned long long max(unsigned long long a, unsigned long b) { return a > b ? a : b; }
inline unsigned long long max(unsigned long a, unsigned long long b) { return a > b ? a : b; }

#include "web/ai.hpp"

namespace {

// Egaroucid's bit of a square: 63 - (row * 8 + column), row 0 the top (a1..h1).
int ebit(int sq) { return 63 - sq; }

struct Game {
    uint64_t black = 0, white = 0;
    bool black_to_move = true;
    bool ok = false;
};

Board board_of(const Game &g)
{
    Board b;
    b.player = g.black_to_move ? g.black : g.white;
    b.opponent = g.black_to_move ? g.white : g.black;
    return b;
}

int square_of(const std::string &s, size_t i)
{
    if (i + 1 >= s.size()) return -2;
    char c = (char)tolower((unsigned char)s[i]), r = s[i + 1];
    if (c == 'p' && (r == 'a' || r == 'A')) return -1; // a pass
    if (c < 'a' || c > 'h' || r < '1' || r > '8') return -2;
    return (r - '1') * 8 + (c - 'a');
}

// Plays sq (or -1: a pass) for the side to move; false if not legal.
bool play(Game &g, int sq)
{
    Board b = board_of(g);
    uint64_t legal = b.get_legal();
    if (sq == -1) {
        if (legal) return false;
        g.black_to_move = !g.black_to_move;
        return true;
    }
    int cell = ebit(sq);
    if (!((legal >> cell) & 1)) return false;
    Flip flip;
    calc_flip(&flip, &b, cell);
    b.move_board(&flip); // the side to move changes
    g.black_to_move = !g.black_to_move;
    g.black = g.black_to_move ? b.player : b.opponent;
    g.white = g.black_to_move ? b.opponent : b.player;
    return true;
}

bool parse_ggf(const std::string &s, Game &g)
{
    Game n;
    size_t bo = s.find("BO[8 ");
    if (bo == std::string::npos) return false;
    size_t i = bo + 5;
    int k = 0;
    for (; i < s.size() && k < 64; i++) {
        char c = s[i];
        if (c == ' ') continue;
        if (c == '*') n.black |= 1ULL << ebit(k);
        else if (c == 'O') n.white |= 1ULL << ebit(k);
        else if (c != '-') return false;
        k++;
    }
    while (i < s.size() && s[i] == ' ') i++;
    if (k != 64 || i >= s.size() || (s[i] != '*' && s[i] != 'O')) return false;
    n.black_to_move = s[i] == '*';
    for (size_t j = i; j + 2 < s.size(); j++) {
        if ((s[j] != 'B' && s[j] != 'W') || s[j + 1] != '[' || (j > 0 && isalpha((unsigned char)s[j - 1]))) continue;
        if ((s[j] == 'B') != n.black_to_move) return false;
        int sq = square_of(s, j + 2);
        if (sq == -2 || !play(n, sq)) return false;
    }
    n.ok = true;
    g = n;
    return true;
}

std::string name_of(int cell)
{
    if (cell < 0) return "PA";
    int sq = 63 - cell;
    return std::string(1, (char)('a' + (sq & 7))) + std::string(1, (char)('1' + (sq >> 3)));
}

} // namespace

int main(int argc, char **argv)
{
    int level = 10;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--level") && i + 1 < argc) {
            level = atoi(argv[++i]);
            if (level < 1 || level >= N_LEVEL) return fprintf(stderr, "egaroucid_web_nboard: --level 1..%d\n", N_LEVEL - 1), 2;
        } else {
            return fprintf(stderr, "usage: egaroucid_web_nboard [--level L]\n"), 2;
        }
    }
    std::streambuf *out = std::cout.rdbuf();
    std::cout.rdbuf(std::cerr.rdbuf()); // the engine's own log lines go to stderr
    board_init();
    mobility_init();
    stability_init();
    parent_transpose_table.first_init();
    child_transpose_table.first_init();
    evaluate_init();
    std::cout.rdbuf(out);
    Game g;
    long moves = 0;
    double total = 0, worst = 0;
    std::string line;
    while (std::getline(std::cin, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.rfind("nboard", 0) == 0) {
            std::cout << "set myname Egaroucid-for-Web-L" << level << std::endl;
        } else if (line.rfind("ping", 0) == 0) {
            std::cout << "pong" << line.substr(4) << std::endl;
        } else if (line.rfind("set game ", 0) == 0) {
            if (!parse_ggf(line.substr(9), g)) std::cout << "status error: a game this driver cannot read" << std::endl;
        } else if (line.rfind("set depth ", 0) == 0) {
            int l = atoi(line.c_str() + 10);
            if (l >= 1 && l < N_LEVEL) level = l;
        } else if (line.rfind("move ", 0) == 0) {
            int sq = square_of(line, 5);
            if (!g.ok || sq == -2 || !play(g, sq)) std::cout << "status error: not a legal move: " << line.substr(5) << std::endl;
        } else if (line == "go" || line.rfind("hint", 0) == 0) {
            if (!g.ok) {
                std::cout << "status error: no game" << std::endl;
                continue;
            }
            Board b = board_of(g);
            if (!b.get_legal()) { // a pass (ai() would answer the opponent's move)
                if (line == "go") std::cout << "=== PA" << std::endl;
                else std::cout << "search PA 0 0 0" << std::endl << "status" << std::endl;
                continue;
            }
            auto t0 = std::chrono::steady_clock::now();
            std::cout.rdbuf(std::cerr.rdbuf());
            Search_result r = ai(b, level, false, false, false);
            std::cout.rdbuf(out);
            double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            if (line == "go") {
                moves++, total += s, worst = s > worst ? s : worst;
                std::cout << "=== " << name_of(r.policy) << "/" << r.value << "/" << s << std::endl;
            } else {
                std::cout << "search " << name_of(r.policy) << " " << r.value << " 0 " << r.depth << std::endl;
                std::cout << "status" << std::endl;
            }
        } else if (line == "quit") {
            break;
        }
    }
    if (moves)
        fprintf(stderr, "egaroucid_web_nboard: level %d, %ld moves, mean %.4f s, max %.4f s\n", level, moves, total / moves, worst);
    return 0;
}
