/* Crashes: the textbook recursive flood fill. Right on small boards, but its
 * recursion is as deep as the group is large, so a group of half a million
 * stones overflows the 8 MB stack (a segmentation fault). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *board[20000];
static unsigned char *seen;
static int rows, cols;

static int liberties(int r, int c, char colour) {
    if (r < 0 || c < 0 || r >= rows || c >= cols) return 0;
    if (seen[(long)r * cols + c]) return 0;
    seen[(long)r * cols + c] = 1;
    if (board[r][c] == '.') return 1;
    if (board[r][c] != colour) return 0;
    return liberties(r - 1, c, colour) + liberties(r + 1, c, colour) +
           liberties(r, c - 1, colour) + liberties(r, c + 1, colour);
}

static int group_liberties(int r, int c) {
    memset(seen, 0, (size_t)rows * cols);
    return liberties(r, c, board[r][c]);
}

int main(void) {
    static char line[1 << 20];
    int x = -1, y = -1;
    char stone = 0;
    while (fgets(line, sizeof line, stdin)) {
        size_t len = strcspn(line, "\r\n");
        line[len] = 0;
        if (len == 0) continue;
        if (sscanf(line, "%d %d %c", &x, &y, &stone) == 3) break;
        board[rows] = strdup(line);
        cols = (int)len;
        rows++;
    }
    seen = malloc((size_t)rows * cols);
    board[x][y] = stone;
    char other = stone == 'X' ? 'O' : 'X';
    int dr[] = {-1, 1, 0, 0}, dc[] = {0, 0, -1, 1};
    for (int k = 0; k < 4; k++) {
        int r = x + dr[k], c = y + dc[k];
        if (r >= 0 && c >= 0 && r < rows && c < cols && board[r][c] == other &&
            group_liberties(r, c) == 0) {
            puts("K.O.");
            return 0;
        }
    }
    puts(group_liberties(x, y) == 0 ? "Suicide" : "Safe");
    return 0;
}
