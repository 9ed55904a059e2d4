/* gen_pgn - writes a deterministic, realistic-looking PGN file for the PGN
 * reading benchmarks:
 *
 *   make tools && build/tools/gen_pgn [--games N] [--seed S] [-o FILE]
 *
 * (default 100000 games, seed 1, standard output).  Game i depends only on
 * the seed and i, so the first K games of any run are the K games of
 * `--games K` with the same seed.
 *
 * Each game has the seven-tag roster (Event, Site, Date, Round, White,
 * Black, Result) and WhiteElo, BlackElo, ECO, TimeControl.  About 30% of the
 * games look like online (lichess) games: a site URL, usernames, a
 * TimeControl such as 180+2 and a { [%clk 0:02:58] } comment after every
 * move; the rest look like over-the-board games.  The moves are a legal
 * game played with the library's public API: most games open with a prefix
 * of a common opening line (which also gives the ECO code), then moves are
 * drawn at random with weights that favour captures, central squares,
 * development, castling and checks and avoid stepping onto squares enemy
 * pawns attack, and a mate in one is nearly always taken.  A game runs to a
 * length drawn from 20..140 plies, or stops earlier when a rule ends it
 * (checkmate, stalemate, insufficient material, seventy-five moves,
 * fivefold) or, usually, at a threefold repetition.  The result matches:
 * 1-0 / 0-1 at mate, 1/2-1/2 at a draw by rule, else one of 1-0, 0-1,
 * 1/2-1/2 and * at random (Elo difference tilts it).  An occasional
 * { comment }, NAGs ($1, $2, ... and the suffixes !, ?, !?, ?!, !!, ??),
 * and in about 1 game in 20 a variation of 1-4 moves in place of the last
 * move.  Movetext is in export format: move numbers "12." and, after a
 * comment or a variation, "12...", lines at most 80 characters, a blank
 * line after the tags and between games.  A move number stays on the line
 * of its move, and a NAG, a comment or a variation's "(" on the line of the
 * move before it (see wr_chunk), so no line starts with "{", "(" or "$".
 *
 * Only <bitboard.h> is used, and a splitmix64 generator of its own (at
 * most one draw in any expression: C leaves the order of a call's
 * arguments unspecified, and gcc and clang must write the same bytes). */
#include <bitboard.h>

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- random numbers ------------------------------------------------------ */

typedef struct {
    uint64_t s;
} rng;

static uint64_t rng_next(rng *r) /* splitmix64 */
{
    uint64_t z = (r->s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* 0..n-1 (n > 0), by multiply-shift (bias below 2^-32 for small n) */
static int rng_below(rng *r, int n)
{
    return (int)(((rng_next(r) >> 32) * (uint64_t)n) >> 32);
}

static int rng_range(rng *r, int lo, int hi) { return lo + rng_below(r, hi - lo + 1); }

/* 1 with probability num/den */
static int rng_chance(rng *r, int num, int den) { return rng_below(r, den) < num; }

#define PICK(r, arr) ((arr)[rng_below((r), (int)(sizeof(arr) / sizeof((arr)[0])))])

/* ---- output: one game in a growable buffer ------------------------------- */

typedef struct {
    char *p;
    size_t len, cap;
} sbuf;

static void sb_reserve(sbuf *b, size_t more)
{
    if (b->len + more + 1 <= b->cap) return;
    size_t cap = b->cap ? b->cap : 4096;
    while (cap < b->len + more + 1) cap *= 2;
    char *p = realloc(b->p, cap);
    if (!p) {
        fprintf(stderr, "gen_pgn: out of memory\n");
        exit(1);
    }
    b->p = p;
    b->cap = cap;
}

static void sb_add(sbuf *b, const char *s, size_t n)
{
    sb_reserve(b, n);
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = '\0';
}

static void sb_str(sbuf *b, const char *s) { sb_add(b, s, strlen(s)); }

static void sb_tag(sbuf *b, const char *name, const char *value)
{
    char line[256];
    int n = snprintf(line, sizeof line, "[%s \"%s\"]\n", name, value);
    if (n < 0 || (size_t)n >= sizeof line) n = (int)sizeof line - 1;
    sb_add(b, line, (size_t)n);
}

/* Movetext is laid out in chunks: a move with its number and whatever
 * follows it before the next move (a NAG, comments, the opening of a
 * variation).  Lines break between chunks, so no line starts with "{", "("
 * or "$" (Disservin's chess-library, a benchmark peer, reads those only
 * after a space, not after a line break).  Inside a chunk a line may break
 * only at the SOFT characters (spaces between the words of a remark), and
 * only where the chunk would otherwise run past WRAP columns. */
#define WRAP 80
#define SOFT '\x1f'
typedef struct {
    sbuf *b;
    int col; /* characters on the current line */
} wrapper;

static void wr_chunk(wrapper *w, const char *s)
{
    size_t n = strlen(s);
    if (n == 0) return;
    if (w->col > 0 && w->col + 1 + (int)n > WRAP) {
        sb_add(w->b, "\n", 1);
        w->col = 0;
    }
    if (w->col > 0) {
        sb_add(w->b, " ", 1);
        w->col++;
    }
    while (*s) {
        size_t k = strcspn(s, "\x1f");
        sb_add(w->b, s, k);
        w->col += (int)k;
        s += k;
        if (*s == SOFT) {
            s++;
            size_t next = strcspn(s, "\x1f");
            if (w->col + 1 + (int)next > WRAP) {
                sb_add(w->b, "\n", 1);
                w->col = 0;
            } else {
                sb_add(w->b, " ", 1);
                w->col++;
            }
        }
    }
}

static void wr_end(wrapper *w)
{
    sb_add(w->b, "\n", 1);
    w->col = 0;
}

/* ---- the games' look: names, places, openings ---------------------------- */

static const char *const surnames[] = {
    "Carlsen", "Caruana", "Nakamura", "Ding", "Nepomniachtchi", "Giri", "So", "Aronian", "Firouzja",
    "Rapport", "Duda", "Mamedyarov", "Vachier-Lagrave", "Anand", "Kramnik", "Topalov", "Karjakin",
    "Grischuk", "Radjabov", "Wojtaszek", "Harikrishna", "Vitiugov", "Andreikin", "Dominguez",
    "Svidler", "Jakovenko", "Le", "Wang", "Yu", "Wei", "Gelfand", "Ivanchuk", "Shirov", "Adams",
    "Short", "Polgar", "Hou", "Ju", "Muzychuk", "Kosteniuk", "Goryachkina", "Lagno", "Koneru",
    "Dzagnidze", "Stefanova", "Cramling", "Schmidt", "Mueller", "Fischer", "Weber", "Meyer",
    "Wagner", "Becker", "Hoffmann", "Schulz", "Koch", "Richter", "Klein", "Wolf", "Neumann",
    "Petrov", "Ivanov", "Smirnov", "Kuznetsov", "Popov", "Sokolov", "Lebedev", "Kozlov", "Novak",
    "Horvath", "Kovacs", "Nagy", "Szabo", "Nowak", "Kowalski", "Garcia", "Fernandez", "Lopez",
    "Martinez", "Rossi", "Russo", "Ferrari", "Dubois", "Martin", "Bernard", "Thomas", "Robert",
    "Jansen", "de Vries", "van Dijk", "Bakker", "Jensen", "Nielsen", "Hansen", "Larsen", "Berg",
    "Johansson", "Andersson", "Virtanen", "Korhonen", "Smith", "Jones", "Williams", "Brown",
    "Taylor", "Davies", "Evans", "Wilson", "Murphy", "Kelly", "O'Brien", "Silva", "Santos",
    "Oliveira", "Pereira", "Yilmaz", "Kaya", "Demir", "Sharma", "Gupta", "Kumar", "Patel", "Tan",
    "Lim", "Nguyen", "Tran", "Kim", "Park", "Lee", "Choi", "Sato", "Suzuki", "Takahashi",
};
static const char *const initials[] = {
    "A.", "B.", "C.", "D.", "E.", "F.", "G.", "H.", "I.", "J.", "K.", "L.", "M.",
    "N.", "O.", "P.", "R.", "S.", "T.", "V.", "W.", "Y.", "Z.", "A.R.", "J.M.", "S.S.",
};
static const char *const handle_a[] = {
    "dark", "silent", "rapid", "lucky", "king", "blitz", "mighty", "lazy", "crazy", "royal",
    "iron", "swift", "magic", "tactical", "pawn", "bishop", "knight", "rook", "queen", "shadow",
    "frozen", "golden", "cosmic", "brave", "sneaky", "grand", "little", "big", "zen", "turbo",
};
static const char *const handle_b[] = {
    "knight", "storm", "gambit", "master", "player", "tiger", "wolf", "fox", "dragon", "eagle",
    "sacrifice", "fork", "pin", "castle", "pusher", "hunter", "crusher", "wizard", "ninja",
    "panda", "falcon", "blunder", "zugzwang", "endgame", "opening", "checkmate", "patzer", "owl",
};
static const char *const cities[][2] = {
    {"Berlin", "GER"}, {"Hamburg", "GER"}, {"Dortmund", "GER"}, {"Moscow", "RUS"},
    {"St Petersburg", "RUS"}, {"Wijk aan Zee", "NED"}, {"Amsterdam", "NED"}, {"London", "ENG"},
    {"Hastings", "ENG"}, {"Paris", "FRA"}, {"Cannes", "FRA"}, {"Biel", "SUI"}, {"Zurich", "SUI"},
    {"Linares", "ESP"}, {"Barcelona", "ESP"}, {"Reggio Emilia", "ITA"}, {"Budapest", "HUN"},
    {"Prague", "CZE"}, {"Warsaw", "POL"}, {"Stockholm", "SWE"}, {"Reykjavik", "ISL"},
    {"Oslo", "NOR"}, {"Stavanger", "NOR"}, {"Copenhagen", "DEN"}, {"Helsinki", "FIN"},
    {"Vienna", "AUT"}, {"Belgrade", "SRB"}, {"Athens", "GRE"}, {"Istanbul", "TUR"},
    {"Baku", "AZE"}, {"Tbilisi", "GEO"}, {"Yerevan", "ARM"}, {"Chennai", "IND"},
    {"Shenzhen", "CHN"}, {"St. Louis, MO", "USA"}, {"New York, NY", "USA"}, {"Toronto", "CAN"},
    {"Havana", "CUB"}, {"Buenos Aires", "ARG"}, {"Sao Paulo", "BRA"}, {"Gibraltar", "GIB"},
};
static const char *const event_kinds[] = {
    "Open", "Open", "Open", "Chess Festival", "Masters", "Invitational", "Championship",
    "Club Championship", "Rapid", "Blitz", "Memorial", "Team Championship", "Bundesliga",
};
static const char *const otb_controls[] = {
    "40/7200:3600", "40/5400+30:1800+30", "5400+30", "5400+30", "7200+30", "2700+10", "900+10",
    "600+5", "180+2", "?", "-", "40/6000+30:900+30",
};
static const char *const online_controls[] = {
    "60+0", "60+0", "120+1", "180+0", "180+0", "180+2", "180+2", "300+0", "300+0", "300+3",
    "300+3", "600+0", "600+0", "600+5", "900+10", "1800+0", "1800+20", "15+0", "30+0",
};
static const char *const remarks[] = {
    "Inaccuracy.", "Mistake.", "Blunder.", "A typical plan in this structure.",
    "The only move.", "Better was to keep the tension.", "White is slightly better.",
    "Black is fine.", "Time trouble.", "An interesting sacrifice.", "Forced.",
    "Threatening mate.", "The decisive mistake.", "Novelty.", "Unclear position.",
    "With the initiative.", "Equal.", "The critical position of the game.", "Sharp!",
    "Missing the win.", "Black resigned a few moves later.", "Played after a long think.",
};
static const char *const nag_glyphs[] = {"$1", "$2", "$3", "$4", "$5", "$6", "$10", "$13",
                                         "$14", "$15", "$16", "$18", "$19", "$36", "$132", "$146"};
static const char *const nag_suffixes[] = {"!", "?", "!?", "?!", "!!", "??", "!", "?", "!?", "?!"};

typedef struct {
    const char *eco;
    const char *moves; /* SAN, one space between moves */
} opening;

static const opening book[] = {
    {"C84", "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3"},
    {"C65", "e4 e5 Nf3 Nc6 Bb5 Nf6 O-O Nxe4 d4 Nd6 Bxc6 dxc6 dxe5 Nf5 Qxd8+ Kxd8"},
    {"C54", "e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6 d3 d6 O-O O-O a4 a5"},
    {"C45", "e4 e5 Nf3 Nc6 d4 exd4 Nxd4 Bc5 Nxc6 Qf6 Qd2 dxc6 Nc3"},
    {"C42", "e4 e5 Nf3 Nf6 Nxe5 d6 Nf3 Nxe4 d4 d5 Bd3 Nc6 O-O Be7"},
    {"C30", "e4 e5 f4 Bc5 Nf3 d6 c3 Nf6 d4 exd4 cxd4 Bb4+"},
    {"B90", "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Be3 e5 Nb3 Be6 f3 Be7"},
    {"B33", "e4 c5 Nf3 Nc6 d4 cxd4 Nxd4 Nf6 Nc3 e5 Ndb5 d6 Bg5 a6 Na3 b5"},
    {"B22", "e4 c5 c3 Nf6 e5 Nd5 d4 cxd4 Nf3 Nc6 cxd4 d6"},
    {"B12", "e4 c6 d4 d5 e5 Bf5 Nf3 e6 Be2 c5 Be3 Nd7 O-O"},
    {"B18", "e4 c6 d4 d5 Nc3 dxe4 Nxe4 Bf5 Ng3 Bg6 h4 h6 Nf3 Nd7"},
    {"C11", "e4 e6 d4 d5 Nc3 Nf6 e5 Nfd7 f4 c5 Nf3 Nc6 Be3 a6"},
    {"C02", "e4 e6 d4 d5 e5 c5 c3 Nc6 Nf3 Qb6 a3 c4 Nbd2"},
    {"B01", "e4 d5 exd5 Qxd5 Nc3 Qa5 d4 Nf6 Nf3 c6 Bc4 Bf5"},
    {"B07", "e4 d6 d4 Nf6 Nc3 g6 Be3 Bg7 Qd2 c6 f3 b5"},
    {"D37", "d4 d5 c4 e6 Nc3 Nf6 Nf3 Be7 Bf4 O-O e3 c5 dxc5 Bxc5"},
    {"D17", "d4 d5 c4 c6 Nf3 Nf6 Nc3 dxc4 a4 Bf5 e3 e6 Bxc4 Bb4 O-O"},
    {"D02", "d4 d5 Nf3 Nf6 Bf4 e6 e3 c5 c3 Nc6 Nbd2 Bd6 Bg3 O-O"},
    {"D85", "d4 Nf6 c4 g6 Nc3 d5 cxd5 Nxd5 e4 Nxc3 bxc3 Bg7 Nf3 c5 Be3"},
    {"E97", "d4 Nf6 c4 g6 Nc3 Bg7 e4 d6 Nf3 O-O Be2 e5 O-O Nc6 d5 Ne7"},
    {"E32", "d4 Nf6 c4 e6 Nc3 Bb4 Qc2 O-O a3 Bxc3+ Qxc3 b6 Bg5 Bb7"},
    {"E15", "d4 Nf6 c4 e6 Nf3 b6 g3 Ba6 b3 Bb4+ Bd2 Be7 Bg2 c6"},
    {"A45", "d4 Nf6 Bg5 Ne4 Bf4 c5 f3 Qa5+ c3 Nf6 d5 Qb6"},
    {"A46", "d4 Nf6 Nf3 e6 e3 b6 Bd3 Bb7 O-O c5 c4 Be7"},
    {"A80", "d4 f5 g3 Nf6 Bg2 g6 Nf3 Bg7 O-O O-O c4 d6 Nc3 Qe8"},
    {"A57", "d4 Nf6 c4 c5 d5 b5 cxb5 a6 bxa6 Bxa6 Nc3 d6"},
    {"A30", "c4 c5 Nf3 Nf6 Nc3 Nc6 g3 g6 Bg2 Bg7 O-O O-O d4 cxd4"},
    {"A20", "c4 e5 Nc3 Nf6 g3 d5 cxd5 Nxd5 Bg2 Nb6 Nf3 Nc6"},
    {"A07", "Nf3 d5 g3 Nf6 Bg2 c6 O-O Bg4 d3 Nbd7 Nbd2 e5"},
    {"A04", "Nf3 c5 g3 Nc6 Bg2 g6 O-O Bg7 c3 e5 d3 Nge7"},
    {"A01", "b3 e5 Bb2 Nc6 e3 d5 Bb5 Bd6 f4 Qh4+ g3 Qe7"},
};
#define BOOK_LINES ((int)(sizeof book / sizeof book[0]))

/* An ECO code for a game that left no book line: by its first two moves. */
static void eco_of(rng *r, const char *first, const char *second, char out[4])
{
    char letter = 'A';
    int lo = 0, hi = 3;
    if (!strcmp(first, "e4")) {
        if (!strcmp(second, "e5")) letter = 'C', lo = 20, hi = 99;
        else if (!strcmp(second, "c5")) letter = 'B', lo = 20, hi = 99;
        else if (!strcmp(second, "c6")) letter = 'B', lo = 10, hi = 19;
        else if (!strcmp(second, "e6")) letter = 'C', lo = 0, hi = 19;
        else letter = 'B', lo = 0, hi = 9;
    } else if (!strcmp(first, "d4")) {
        if (!strcmp(second, "d5")) letter = 'D', lo = 0, hi = 69;
        else if (!strcmp(second, "Nf6") && rng_chance(r, 1, 2)) letter = 'E', lo = 0, hi = 99;
        else if (!strcmp(second, "Nf6")) letter = 'A', lo = 45, hi = 79;
        else letter = 'A', lo = 40, hi = 44;
    } else if (!strcmp(first, "c4")) {
        lo = 10, hi = 39;
    } else if (!strcmp(first, "Nf3")) {
        lo = 4, hi = 9;
    }
    int n = rng_range(r, lo, hi);
    out[0] = letter;
    out[1] = (char)('0' + n / 10);
    out[2] = (char)('0' + n % 10);
    out[3] = '\0';
}

/* ---- playing a game ------------------------------------------------------ */

#define MAX_PLIES 160
#define MAX_VAR 4

typedef struct {
    bb_chess_move moves[MAX_PLIES];
    char san[MAX_PLIES][BB_CHESS_MOVE_TEXT_MAX];
    int plies;
    bb_chess_outcome end; /* how the last position stands */
    int winner;           /* after a mate */
    int book;             /* a book line was followed (index), or -1 */
    /* the variation replacing the last move: its SAN moves (0: none) */
    char var_san[MAX_VAR][BB_CHESS_MOVE_TEXT_MAX];
    int var_len;
} game;

static const int piece_value[6] = {1, 3, 3, 5, 9, 0};

static int center_bonus(int sq)
{
    int f = sq & 7, r = sq >> 3;
    if ((f == 3 || f == 4) && (r == 3 || r == 4)) return 12;
    if (f >= 2 && f <= 5 && r >= 2 && r <= 5) return 6;
    return 0;
}

/* w[i] = the weight of list->moves[i] (at least 1); returns their sum.
 * *mate = the index of a move that mates, or -1.  pos is restored. */
static int weigh(bb_chess_pos *pos, const bb_chess_movelist *list, int ply, int *w, int *mate)
{
    int us = pos->side, them = us ^ 1, total = 0;
    *mate = -1;
    for (int i = 0; i < list->count; i++) {
        bb_chess_move m = list->moves[i];
        int from = bb_chess_move_from(m), to = bb_chess_move_to(m), kind = bb_chess_move_kind(m);
        int type = pos->board[from] & 7;
        int weight = 10;
        if (kind == BB_MOVE_CASTLING) {
            weight += 40;
        } else {
            int victim = pos->board[to];
            if (kind == BB_MOVE_EN_PASSANT) weight += 20;
            else if (victim != BB_CHESS_EMPTY) weight += 20 + 8 * piece_value[victim & 7] - 2 * piece_value[type] / 3;
            if (kind == BB_MOVE_PROMOTION) weight += bb_chess_move_promotion(m) == BB_QUEEN ? 60 : -8;
            weight += center_bonus(to) - center_bonus(from) / 2;
            if (ply < 24 && (type == BB_KNIGHT || type == BB_BISHOP) && (from >> 3) == (us ? 7 : 0)) weight += 12;
            if (ply < 16 && type == BB_PAWN && ((from & 7) == 0 || (from & 7) == 7)) weight -= 6;
            if (type == BB_KING && ply < 60) weight -= 6;
            if (type == BB_QUEEN && ply < 12) weight -= 5;
            /* stepping onto a square an enemy pawn attacks */
            if (type != BB_PAWN && (bb_chess_attackers_to(pos, to, pos->occupied) & pos->pieces[them][BB_PAWN]))
                weight = weight / 4;
        }
        bb_chess_undo u;
        bb_chess_make(pos, m, &u);
        if (bb_chess_is_check(pos)) {
            bb_chess_movelist reply;
            if (bb_chess_generate(pos, BB_GEN_ALL, &reply) == 0) *mate = i;
            weight += 10;
        }
        bb_chess_unmake(pos, m, &u);
        if (weight < 1) weight = 1;
        w[i] = weight;
        total += weight;
    }
    return total;
}

static bb_chess_move choose(rng *r, bb_chess_pos *pos, const bb_chess_movelist *list, int ply)
{
    int w[BB_CHESS_MAX_MOVES], mate;
    int total = weigh(pos, list, ply, w, &mate);
    if (mate >= 0 && rng_chance(r, 9, 10)) return list->moves[mate];
    int x = rng_below(r, total);
    for (int i = 0; i < list->count; i++) {
        if (x < w[i]) return list->moves[i];
        x -= w[i];
    }
    return list->moves[list->count - 1];
}

static void play(rng *r, game *g)
{
    bb_chess_pos pos;
    bb_chess_start(&pos);
    uint64_t history[MAX_PLIES + 1];
    int n = 0;
    /* the length: 20..140 plies, most near 80 */
    int target = 20 + rng_below(r, 61);
    target += rng_below(r, 61);
    g->plies = 0;
    g->var_len = 0;
    g->winner = -1;
    g->end = BB_CHESS_ONGOING;
    g->book = -1;

    int book_plies = 0;
    const char *bp = NULL;
    if (rng_chance(r, 85, 100)) {
        g->book = rng_below(r, BOOK_LINES);
        bp = book[g->book].moves;
        book_plies = rng_range(r, 2, 16);
    }
    bb_chess_pos before = pos; /* the position before the last move */
    while (g->plies < target) {
        bb_chess_movelist list;
        bb_chess_move m = BB_CHESS_NULL_MOVE;
        if (bp && *bp && g->plies < book_plies) {
            char word[BB_CHESS_MOVE_TEXT_MAX];
            size_t k = strcspn(bp, " ");
            if (k >= sizeof word) k = sizeof word - 1;
            memcpy(word, bp, k);
            word[k] = '\0';
            bp += k;
            while (*bp == ' ') bp++;
            if (bb_chess_move_from_san(&pos, word, &m, NULL) != 0) {
                fprintf(stderr, "gen_pgn: book line %s: '%s' is not a legal move\n", book[g->book].eco, word);
                exit(1);
            }
        } else {
            if (bb_chess_generate(&pos, BB_GEN_ALL, &list) == 0) break;
            m = choose(r, &pos, &list, g->plies);
        }
        bb_chess_move_to_san(g->san[g->plies], BB_CHESS_MOVE_TEXT_MAX, &pos, m);
        g->moves[g->plies++] = m;
        before = pos;
        history[n++] = pos.key;
        bb_chess_undo u;
        bb_chess_make(&pos, m, &u);
        bb_chess_result res;
        bb_chess_outcome o = bb_chess_outcome_of(&pos, history, n, &res);
        if (o == BB_CHESS_ONGOING || o == BB_CHESS_FIFTY_MOVES) continue;
        if (o == BB_CHESS_THREEFOLD_REPETITION && rng_chance(r, 1, 4)) continue; /* played on */
        g->end = o;
        g->winner = res.winner;
        break;
    }

    /* about 1 game in 20: a variation of 1..4 moves in place of the last one */
    if (g->plies > 0 && rng_chance(r, 1, 20)) {
        bb_chess_pos p = before;
        bb_chess_movelist list;
        int cnt = bb_chess_generate(&p, BB_GEN_ALL, &list);
        if (cnt > 1) {
            bb_chess_move last = g->moves[g->plies - 1], m;
            do m = choose(r, &p, &list, g->plies - 1);
            while (m == last);
            int want = rng_range(r, 1, MAX_VAR);
            for (;;) {
                bb_chess_move_to_san(g->var_san[g->var_len++], BB_CHESS_MOVE_TEXT_MAX, &p, m);
                bb_chess_undo u;
                bb_chess_make(&p, m, &u);
                if (g->var_len == want || bb_chess_generate(&p, BB_GEN_ALL, &list) == 0) break;
                m = choose(r, &p, &list, g->plies - 1 + g->var_len);
            }
        }
    }
}

/* ---- writing a game ------------------------------------------------------ */

static void clock_text(char *buf, size_t size, int seconds)
{
    if (seconds < 0) seconds = 0;
    snprintf(buf, size, "{ [%%clk %d:%02d:%02d] }", seconds / 3600, seconds / 60 % 60, seconds % 60);
}

static void player_name(rng *r, int online, char *buf, size_t size)
{
    if (online) {
        const char *a = PICK(r, handle_a), *b = PICK(r, handle_b);
        switch (rng_below(r, 4)) {
        case 0: snprintf(buf, size, "%s_%s", a, b); break;
        case 1: snprintf(buf, size, "%c%s%s%d", a[0] - 32, a + 1, b, rng_range(r, 1, 2024)); break;
        case 2: snprintf(buf, size, "%s%s", a, b); break;
        default: snprintf(buf, size, "%s-%s%02d", b, a, rng_below(r, 100)); break;
        }
    } else {
        const char *surname = PICK(r, surnames), *initial = PICK(r, initials);
        snprintf(buf, size, "%s, %s", surname, initial);
    }
}

static int elo(rng *r, int online)
{
    /* roughly normal: the sum of four uniform draws */
    int s = 0;
    for (int i = 0; i < 4; i++) s += rng_below(r, 251);
    int v = online ? 700 + 2 * s - 500 + 300 : 1700 + s;
    if (v < 600) v = 600;
    if (v > 3200) v = 3200;
    return v;
}

static void write_game(rng *r, const game *g, sbuf *b)
{
    int online = rng_chance(r, 3, 10);
    char event[128], site[128], date[16], round[16], white[64], black[64], result[8];
    char welo[8], belo[8], eco[4], tc[32];

    /* tags */
    int year;
    if (online) {
        int base = 0, inc = 0;
        snprintf(tc, sizeof tc, "%s", PICK(r, online_controls));
        sscanf(tc, "%d+%d", &base, &inc);
        int est = base + 40 * inc;
        const char *speed = est < 29 ? "UltraBullet" : est < 179 ? "Bullet" : est < 479 ? "Blitz" : est < 1499 ? "Rapid" : "Classical";
        snprintf(event, sizeof event, "%s %s game", rng_chance(r, 4, 5) ? "Rated" : "Casual", speed);
        static const char alnum[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
        char id[9];
        for (int i = 0; i < 8; i++) id[i] = alnum[rng_below(r, 62)];
        id[8] = '\0';
        snprintf(site, sizeof site, "https://lichess.org/%s", id);
        year = rng_range(r, 2013, 2024);
        int month = rng_range(r, 1, 12), day = rng_range(r, 1, 28);
        snprintf(date, sizeof date, "%d.%02d.%02d", year, month, day);
        snprintf(round, sizeof round, "-");
    } else {
        int c = rng_below(r, (int)(sizeof cities / sizeof cities[0]));
        year = rng_range(r, 1960, 2024);
        const char *kind = PICK(r, event_kinds);
        if (rng_chance(r, 1, 3)) snprintf(event, sizeof event, "%s %s %d", cities[c][0], kind, year);
        else if (rng_chance(r, 1, 2)) snprintf(event, sizeof event, "ch-%s %d", cities[c][1], year);
        else snprintf(event, sizeof event, "%d. %s %s", rng_range(r, 2, 60), cities[c][0], kind);
        snprintf(site, sizeof site, "%s %s", cities[c][0], cities[c][1]);
        if (rng_chance(r, 1, 40)) snprintf(date, sizeof date, "%d.??.??", year);
        else {
            int month = rng_range(r, 1, 12), day = rng_range(r, 1, 28);
            snprintf(date, sizeof date, "%d.%02d.%02d", year, month, day);
        }
        if (rng_chance(r, 1, 3)) {
            int rd = rng_range(r, 1, 11), board = rng_range(r, 1, 40);
            snprintf(round, sizeof round, "%d.%d", rd, board);
        }
        else if (rng_chance(r, 1, 20)) snprintf(round, sizeof round, "?");
        else snprintf(round, sizeof round, "%d", rng_range(r, 1, 13));
        snprintf(tc, sizeof tc, "%s", year < 1990 ? "40/9000:3600" : PICK(r, otb_controls));
    }
    player_name(r, online, white, sizeof white);
    do player_name(r, online, black, sizeof black);
    while (!strcmp(white, black));
    int we = elo(r, online), be = elo(r, online);
    snprintf(welo, sizeof welo, "%d", we);
    snprintf(belo, sizeof belo, "%d", be);

    switch (g->end) {
    case BB_CHESS_CHECKMATE: snprintf(result, sizeof result, "%s", g->winner == BB_WHITE ? "1-0" : "0-1"); break;
    case BB_CHESS_ONGOING: {
        int x = rng_below(r, 100) + (we - be) / 25; /* the stronger side wins more */
        snprintf(result, sizeof result, "%s", x < 3 ? "*" : x < 38 ? "0-1" : x < 62 ? "1/2-1/2" : "1-0");
        break;
    }
    default: snprintf(result, sizeof result, "1/2-1/2"); break;
    }
    if (g->book >= 0 && g->plies >= 4) snprintf(eco, sizeof eco, "%s", book[g->book].eco);
    else eco_of(r, g->plies > 0 ? g->san[0] : "", g->plies > 1 ? g->san[1] : "", eco);

    sb_tag(b, "Event", event);
    sb_tag(b, "Site", site);
    sb_tag(b, "Date", date);
    sb_tag(b, "Round", round);
    sb_tag(b, "White", white);
    sb_tag(b, "Black", black);
    sb_tag(b, "Result", result);
    sb_tag(b, "WhiteElo", welo);
    sb_tag(b, "BlackElo", belo);
    sb_tag(b, "ECO", eco);
    sb_tag(b, "TimeControl", tc);
    sb_add(b, "\n", 1);

    /* movetext */
    int clocks = online && rng_chance(r, 9, 10); /* ~27% of the games, and a few annotated OTB ones */
    if (!online && rng_chance(r, 1, 25)) clocks = 1;
    int base = 0, inc = 0;
    if (clocks && sscanf(tc, "%d+%d", &base, &inc) != 2) base = 5400, inc = 30;
    int clock[2] = {base, base};
    int remark_odds = rng_chance(r, 1, 3) ? 40 : 400; /* some games are annotated */
    int nag_odds = remark_odds == 40 ? 12 : 150;

    wrapper w = {b, 0};
    sbuf chunk = {0};
    int need_number = 1; /* a black move needs "N..." */
    char atom[160];
    for (int i = 0; i < g->plies; i++) {
        int number = i / 2 + 1, black_move = i & 1;
        const char *glyph = "";
        const char *nag = NULL;
        if (rng_chance(r, 1, nag_odds)) {
            if (rng_chance(r, 1, 2)) glyph = PICK(r, nag_suffixes);
            else nag = PICK(r, nag_glyphs);
        }
        chunk.len = 0;
        if (!black_move) snprintf(atom, sizeof atom, "%d. %s%s", number, g->san[i], glyph);
        else if (need_number) snprintf(atom, sizeof atom, "%d... %s%s", number, g->san[i], glyph);
        else snprintf(atom, sizeof atom, "%s%s", g->san[i], glyph);
        sb_str(&chunk, atom);
        need_number = 0;
        if (nag) {
            sb_str(&chunk, " ");
            sb_str(&chunk, nag);
        }
        if (clocks) {
            int side = i & 1;
            int left = clock[side];
            int spend = rng_below(r, left / 25 + 2);
            if (i < 10 && rng_chance(r, 2, 3)) spend = rng_below(r, 3);
            clock[side] = left - spend + inc;
            if (clock[side] < 0) clock[side] = 0;
            clock_text(atom, sizeof atom, clock[side]);
            sb_str(&chunk, " ");
            sb_str(&chunk, atom);
            need_number = 1;
        }
        if (rng_chance(r, 1, remark_odds)) {
            /* "{ Better was to keep the tension. }": soft spaces between the words */
            const char *t = PICK(r, remarks);
            sb_str(&chunk, " { ");
            for (; *t; t++) {
                char c = *t == ' ' ? SOFT : *t;
                sb_add(&chunk, &c, 1);
            }
            sb_str(&chunk, " }");
            need_number = 1;
        }
        if (i == g->plies - 1 && g->var_len > 0) {
            /* the variation replaces this move: "(" and its first move join
               this chunk, each later move is a chunk of its own */
            for (int k = 0; k < g->var_len; k++) {
                int j = i + k;
                const char *close = k == g->var_len - 1 ? ")" : "";
                if (k == 0 && (j & 1)) snprintf(atom, sizeof atom, "(%d... %s%s", j / 2 + 1, g->var_san[k], close);
                else if (k == 0) snprintf(atom, sizeof atom, "(%d. %s%s", j / 2 + 1, g->var_san[k], close);
                else if (!(j & 1)) snprintf(atom, sizeof atom, "%d. %s%s", j / 2 + 1, g->var_san[k], close);
                else snprintf(atom, sizeof atom, "%s%s", g->var_san[k], close);
                if (k == 0) {
                    sb_str(&chunk, " ");
                    sb_str(&chunk, atom);
                    wr_chunk(&w, chunk.p);
                } else {
                    wr_chunk(&w, atom);
                }
            }
            need_number = 1;
        } else {
            wr_chunk(&w, chunk.p);
        }
    }
    free(chunk.p);
    wr_chunk(&w, result);
    wr_end(&w);
    sb_add(b, "\n", 1);
}

/* ---- main ---------------------------------------------------------------- */

static int usage(FILE *f)
{
    fprintf(f, "usage: gen_pgn [--games N] [--seed S] [-o FILE]\n"
               "  writes N games (default 100000) of PGN made from seed S (default 1)\n"
               "  to FILE (default standard output); the same N and S give the same bytes\n");
    return f == stderr ? 2 : 0;
}

static int number_arg(const char *opt, const char *text, uint64_t *out)
{
    char *end;
    errno = 0;
    if (!text || !*text || *text == '-') goto bad;
    unsigned long long v = strtoull(text, &end, 0);
    if (errno || *end) goto bad;
    *out = (uint64_t)v;
    return 0;
bad:
    fprintf(stderr, "gen_pgn: %s wants a non-negative number, not '%s'\n", opt, text ? text : "");
    return -1;
}

int main(int argc, char **argv)
{
    uint64_t games = 100000, seed = 1;
    const char *out = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--games") || !strcmp(a, "-n")) {
            if (number_arg(a, i + 1 < argc ? argv[i + 1] : NULL, &games)) return 2;
            i++;
        } else if (!strcmp(a, "--seed") || !strcmp(a, "-s")) {
            if (number_arg(a, i + 1 < argc ? argv[i + 1] : NULL, &seed)) return 2;
            i++;
        } else if (!strcmp(a, "-o") || !strcmp(a, "--output")) {
            if (i + 1 >= argc) return usage(stderr);
            out = argv[++i];
        } else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            return usage(stdout);
        } else {
            fprintf(stderr, "gen_pgn: unknown argument '%s'\n", a);
            return usage(stderr);
        }
    }
    FILE *f = stdout;
    if (out && strcmp(out, "-")) {
        f = fopen(out, "wb");
        if (!f) {
            fprintf(stderr, "gen_pgn: %s: %s\n", out, strerror(errno));
            return 1;
        }
    }
    static char iobuf[1 << 20];
    setvbuf(f, iobuf, _IOFBF, sizeof iobuf);

    sbuf b = {0};
    static game g;
    for (uint64_t i = 0; i < games; i++) {
        /* every game from its own stream: seed and index only */
        rng seeder = {seed ^ 0x70676E67656E3031ULL}; /* "pgngen01" */
        seeder.s += i * 0x9E3779B97F4A7C15ULL;
        rng r = {rng_next(&seeder)};
        b.len = 0;
        play(&r, &g);
        write_game(&r, &g, &b);
        if (fwrite(b.p, 1, b.len, f) != b.len) {
            fprintf(stderr, "gen_pgn: %s: write failed: %s\n", out ? out : "standard output", strerror(errno));
            return 1;
        }
    }
    free(b.p);
    if (fflush(f) != 0 || (f != stdout && fclose(f) != 0)) {
        fprintf(stderr, "gen_pgn: %s: write failed: %s\n", out ? out : "standard output", strerror(errno));
        return 1;
    }
    return 0;
}
