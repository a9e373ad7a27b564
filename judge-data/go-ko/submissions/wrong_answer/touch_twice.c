/* Wrong: it marks the stones it has searched once for all neighbours of the
 * new stone. A group that touches the new stone on two sides is searched
 * from the first side; from the second, every stone is already marked, no
 * liberty is found, and it reports a capture that is not there. (The search
 * itself is iterative, so only this mistake shows.) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *board[20000];
static unsigned char *seen;
static int rows, cols, *stack_r, *stack_c;

static int liberties(int r0, int c0) {
    char colour = board[r0][c0];
    int top = 0, found = 0;
    if (seen[(long)r0 * cols + c0]) return 0; /* the mistake: already searched */
    seen[(long)r0 * cols + c0] = 1;
    stack_r[top] = r0, stack_c[top] = c0, top++;
    while (top > 0) {
        top--;
        int r = stack_r[top], c = stack_c[top];
        int dr[] = {-1, 1, 0, 0}, dc[] = {0, 0, -1, 1};
        for (int k = 0; k < 4; k++) {
            int nr = r + dr[k], nc = c + dc[k];
            if (nr < 0 || nc < 0 || nr >= rows || nc >= cols) continue;
            if (board[nr][nc] == '.') found = 1;
            if (board[nr][nc] == colour && !seen[(long)nr * cols + nc]) {
                seen[(long)nr * cols + nc] = 1;
                stack_r[top] = nr, stack_c[top] = nc, top++;
            }
        }
    }
    return found;
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
    seen = calloc((size_t)rows * cols, 1);
    stack_r = malloc(sizeof(int) * (size_t)rows * cols);
    stack_c = malloc(sizeof(int) * (size_t)rows * cols);
    board[x][y] = stone;
    char other = stone == 'X' ? 'O' : 'X';
    int dr[] = {-1, 1, 0, 0}, dc[] = {0, 0, -1, 1};
    for (int k = 0; k < 4; k++) {
        int r = x + dr[k], c = y + dc[k];
        if (r >= 0 && c >= 0 && r < rows && c < cols && board[r][c] == other && !liberties(r, c)) {
            puts("K.O.");
            return 0;
        }
    }
    memset(seen, 0, (size_t)rows * cols);
    puts(liberties(x, y) ? "Safe" : "Suicide");
    return 0;
}
