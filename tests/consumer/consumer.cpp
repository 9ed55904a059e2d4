// A C++17 program that uses the installed library the way an engine would:
// at least one function of every module, each result checked.  Prints
// "<version> c++ ok" and exits 0, or names what failed and exits 1.
#include <bitboard.h>

#include <cstdio>
#include <cstring>
#include <vector>

static int failures = 0;

static void check(bool ok, const char *what)
{
    if (!ok) {
        std::fprintf(stderr, "FAIL %s\n", what);
        failures++;
    }
}

// A C++ static initializer runs before main, after the library's load-time
// constructors: the magic and rotated tables must already be filled.
static const uint64_t early_rook = bb_rook_attacks_magic(BB_A1, 0);
static const uint64_t early_rotated = bb_rook_attacks_rotated(BB_H8, 0);

int main()
{
    check(early_rook == ((BB_FILE_A | BB_RANK_1) & ~bb_square_bb(BB_A1)), "attacks: tables ready for static initializers (magic)");
    check(early_rotated == ((BB_FILE_H | BB_RANK_8) & ~bb_square_bb(BB_H8)), "attacks: tables ready for static initializers (rotated)");
    // core
    check(bb_popcount(bb_square_bb(BB_E4) | bb_square_bb(BB_D5)) == 2, "core: popcount");
    check(bb_square_at(4, 3) == BB_E4 && bb_square_file(BB_E4) == 4 && bb_square_rank(BB_E4) == 3, "core: squares");
    check(std::strcmp(bb_version(), BB_VERSION_STRING) == 0, "core: version");
    check(bb_cpu_has(0) != 0, "core: bb_cpu_has(0)");

    // io
    uint64_t x = 0;
    bb_parse_error err;
    check(bb_parse_board("e4,d5", 0, &x, &err) == 0 && x == (bb_square_bb(BB_E4) | bb_square_bb(BB_D5)), "io: parse");
    check(bb_parse_board("e9", 0, &x, &err) == -1 && err.msg[0] != '\0', "io: parse error");
    char buf[BB_FORMAT_MAX];
    bb_format_board(buf, sizeof buf, bb_square_bb(BB_H8), BB_FORMAT_SQUARES, 0);
    check(std::strcmp(buf, "h8") == 0, "io: format");
    check(bb_parse_square("c3") == BB_C3, "io: square");

    // sym
    uint64_t e4d5 = bb_square_bb(BB_E4) | bb_square_bb(BB_D5);
    bb_sym used = BB_SYM_IDENTITY;
    uint64_t c = bb_canonical(bb_rotate_cw(e4d5), &used);
    check(c == e4d5 && used == BB_SYM_ROTATE_CW, "sym: canonical");
    check(bb_sym_apply(bb_square_bb(BB_A1), BB_SYM_ROTATE_CW) == bb_square_bb(BB_A8), "sym: apply");
    bb_sym parsed = BB_SYM_IDENTITY;
    check(bb_sym_from_name("Flip_Vertical", &parsed) == 0 && parsed == BB_SYM_FLIP_VERTICAL, "sym: from_name");
    std::vector<uint64_t> boards = {1, 2, 3, 0x8000000000000000ULL};
    std::vector<uint64_t> out(boards.size());
    bb_sym_apply_array(out.data(), boards.data(), boards.size(), BB_SYM_FLIP_VERTICAL);
    check(out[0] == bb_square_bb(BB_A8) && out[3] == bb_square_bb(BB_H1), "sym: array");
    check(bb_sym_compose(BB_SYM_ROTATE_CW, BB_SYM_ROTATE_CW) == BB_SYM_ROTATE_180, "sym: compose");

    // lines
    check(bb_line_extract(e4d5, BB_E4, BB_LINE_ANTIDIAGONAL) == 0x18, "lines: extract");
    check(bb_line_deposit(0xFF, BB_A1, BB_LINE_DIAGONAL) == BB_DIAGONAL_A1H8, "lines: deposit");
    check(bb_line_mask(BB_A1, BB_LINE_FILE) == BB_FILE_A, "lines: mask");
    check(bb_mirror_byte(0x01) == 0x80, "lines: mirror");
    bb_line line = BB_LINE_RANK;
    check(bb_line_from_name("FILE", &line) == 0 && line == BB_LINE_FILE, "lines: from_name");

    // rotated
    check(bb_unrotated45(bb_rotated45(e4d5)) == e4d5, "rotated: 45 round trip");
    check(bb_rotated45_index(bb_rotated45(BB_DIAGONAL_A1H8), BB_C3) == 0xFF, "rotated: index");
    check(bb_pseudo_rotate45_cw(BB_DIAGONAL_A1H8) == BB_RANK_1, "rotated: pseudo cw");
    bb_pseudo_rotate45_array(out.data(), boards.data(), boards.size(), BB_ROT45_CW);
    check(out[1] == bb_pseudo_rotate45_cw(2), "rotated: array");

    // mapping
    check(bb_mapping_convert(bb_square_bb(BB_A1), BB_MAP_LERF, BB_MAP_BERF) == bb_square_bb(63), "mapping: convert");
    bb_mapping m = BB_MAP_LERF;
    check(bb_mapping_from_name("berlef", &m) == 0 && m == BB_MAP_BERLEF, "mapping: from_name");
    check(bb_mapping_square(0, BB_MAP_BERLEF, BB_MAP_LERF) == BB_A8, "mapping: square");

    // othello
    bb_othello_pos start = bb_othello_start();
    check(bb_othello_moves(start.p, start.o) == (bb_square_bb(BB_D3) | bb_square_bb(BB_C4) | bb_square_bb(BB_F5) |
                                                 bb_square_bb(BB_E6)),
          "othello: the four first moves");
    check(bb_othello_perft(start.p, start.o, 4, nullptr) == 244, "othello: perft 4");

    // attacks
    check(bb_knight_attacks(BB_B1) == (bb_square_bb(BB_A3) | bb_square_bb(BB_C3) | bb_square_bb(BB_D2)),
          "attacks: knight");
    uint64_t blockers = bb_square_bb(BB_E6) | bb_square_bb(BB_C4);
    uint64_t rook_e4 = bb_square_bb(BB_E5) | bb_square_bb(BB_E6) | bb_square_bb(BB_D4) | bb_square_bb(BB_C4) |
                       bb_square_bb(BB_F4) | bb_square_bb(BB_G4) | bb_square_bb(BB_H4) | bb_square_bb(BB_E3) |
                       bb_square_bb(BB_E2) | bb_square_bb(BB_E1);
    check(bb_rook_attacks(BB_E4, blockers) == rook_e4, "attacks: rook");
    for (int mi = 0; mi < BB_ATTACK_METHOD_COUNT; mi++) {
        bb_attack_method am = static_cast<bb_attack_method>(mi);
        if (bb_attack_method_available(am)) check(bb_rook_attacks_with(am, BB_E4, blockers) == rook_e4, "attacks: with");
    }

    // chess
    bb_chess_pos cp;
    bb_chess_start(&cp);
    bb_chess_movelist ml;
    check(bb_chess_generate(&cp, BB_GEN_ALL, &ml) == 20, "chess: 20 first moves");
    check(bb_chess_key(&cp) == 0x463b96181691fc9cULL, "chess: the Polyglot key of the start");
    check(bb_chess_perft(&cp, 3, nullptr) == 8902, "chess: perft 3");

    // trace
    bb_trace_program *tp = bb_trace_parse("x bswap", nullptr);
    check(tp != nullptr, "trace: parse");
    if (tp) {
        uint64_t in[4] = {1, 0, 0, 0};
        check(bb_trace_eval(tp, in) == 0x0100000000000000ULL, "trace: eval");
        bb_trace_free(tp);
    }

    if (failures) return 1;
    std::printf("%s c++ ok\n", bb_version());
    return 0;
}
