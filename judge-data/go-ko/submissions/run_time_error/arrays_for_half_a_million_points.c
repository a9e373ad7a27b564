/* Run-time error (rule: any rectangular board, 4000 x 4000 and beyond).
   The search's arrays are sized for the boards the author had seen: 2^19
   points (524,288), enough for the 700 x 700 board, the largest the data
   held before the generated 4000 x 4000 boards. Past that the search writes
   and reads outside them and crashes.
   Otherwise right: a breadth-first search over each group, capture checked
   first on the opponent groups touching the new stone. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char **board;
static int rows, cols;
#define MAXPOINTS (1 << 19)
static int queue[MAXPOINTS], seen[MAXPOINTS], stamp;

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
    rows = nlines - 1;
    cols = (int)strlen(lines[0]);
    int x, y;
    char c;
    sscanf(lines[nlines - 1], "%d %d %c", &x, &y, &c);
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
