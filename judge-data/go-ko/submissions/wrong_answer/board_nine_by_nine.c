/* Wrong (rule: any rectangular board, beyond the original 9x9). The board
   is cut to 9x9 at most: the first 9 rows, 9 points each.
   Otherwise right: a breadth-first search over each group, capture checked
   first on the opponent groups touching the new stone. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char **board;
static int rows, cols;
static int *queue, *seen, stamp;

static const int DR[4] = {1, -1, 0, 0}, DC[4] = {0, 0, 1, -1};
#define NDIR 4

/* Does the group of the stone at (r, c) have a liberty? */
static int has_liberty(int r, int c) {
    char colour = board[r][c];
    int head = 0, tail = 0;
    stamp++;
    seen[r * cols + c] = stamp;
    queue[tail++] = r * cols + c;
    while (head < tail) {
        int a = queue[head] / cols, b = queue[head] % cols;
        head++;
        for (int k = 0; k < NDIR; k++) {
            int na = a + DR[k], nb = b + DC[k];
            if (na < 0 || nb < 0 || na >= rows || nb >= cols) continue;
            if (board[na][nb] == '.') return 1;
            if (board[na][nb] == colour && seen[na * cols + nb] != stamp) {
                seen[na * cols + nb] = stamp;
                queue[tail++] = na * cols + nb;
            }
        }
    }
    return 0;
}

static char *read_all(void) {
    size_t cap = 1 << 16, len = 0, got;
    char *buf = malloc(cap);
    while ((got = fread(buf + len, 1, cap - len - 1, stdin)) > 0) {
        len += got;
        if (cap - len - 1 == 0) { cap *= 2; buf = realloc(buf, cap); }
    }
    buf[len] = 0;
    return buf;
}

int main(void) {
    char *text = read_all();
    /* lines without \r and trailing blanks; blank lines dropped */
    int nlines = 0, capl = 1024;
    char **lines = malloc(sizeof(char *) * capl);
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        size_t n = strlen(line);
        while (n > 0 && (line[n - 1] == '\r' || line[n - 1] == ' ' || line[n - 1] == '\t')) line[--n] = 0;
        if (n == 0) continue;
        if (nlines == capl) { capl *= 2; lines = realloc(lines, sizeof(char *) * capl); }
        lines[nlines++] = line;
    }
    board = lines;
    /* At most 9 rows and 9 columns: the rest of a larger board is never
       looked at (a smaller one is read as it is). */
    rows = nlines - 1 < 9 ? nlines - 1 : 9;
    cols = strlen(lines[0]) < 9 ? (int)strlen(lines[0]) : 9;
    int x, y;
    char c;
    sscanf(lines[nlines - 1], "%d %d %c", &x, &y, &c);
    queue = malloc(sizeof(int) * rows * cols);
    seen = calloc(rows * cols, sizeof(int));
    board[x][y] = c;
    char other = c == 'X' ? 'O' : 'X';
    for (int k = 0; k < NDIR; k++) {
        int r = x + DR[k], q = y + DC[k];
        if (r < 0 || q < 0 || r >= rows || q >= cols) continue;
        if (board[r][q] == other && !has_liberty(r, q)) { puts("K.O."); return 0; }
    }
    puts(has_liberty(x, y) ? "Safe" : "Suicide");
    return 0;
}
