/* bitboard demo: the tour, one section per module (cli/commands.c lists them). */
#include <string.h>

#include "cli.h"

int cli_cmd_demo(int argc, char **argv, const cli_opts *o)
{
    (void)argv;
    if (argc > 1) return cli_error("demo takes no arguments");
    cli_opts d = *o;
    d.format = BB_FORMAT_DIAGRAM; /* the tour is pictures */
    printf("bitboard %s - a tour\n", bb_version());
    for (int i = 0; i < cli_demo_section_count; i++) {
        const char *t = cli_demo_sections[i].title;
        size_t n = strlen(t) + 4;
        printf("\n== %d. %s ", i + 1, t);
        for (size_t k = n; k < 72; k++) putchar('=');
        printf("\n\n");
        cli_demo_sections[i].run(&d);
        if (cli_check_output()) return 1; /* stop the tour at the first failed write */
    }
    printf("\n== More %.*s\n\n"
           "bitboard help lists the commands and bitboard help COMMAND explains one;\n"
           "man bitboard (docs/bitboard.1) has the details.\n",
           67, "=================================================================================");
    return 0;
}
