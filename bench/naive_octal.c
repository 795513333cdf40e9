/*
 * An octal game's Grundy values by the naive O(n^2) mex: the baseline of
 * bench/octal_grundy.py.
 *
 * The code 0.d1d2...dt is given by its digits d1...dt.  Digit dk allows a move
 * that removes k tokens from a heap and leaves: nothing (bit 1, the heap held
 * exactly k), one heap (bit 2), or two non-empty heaps (bit 4).  For every n
 * the program marks every option in a table of seen values (stamped with n, so
 * that nothing needs clearing), then takes the least unmarked one: about n^2/4
 * exclusive ors per splitting digit up to n.  Compiled at bench time only
 * (never committed as a binary):  gcc -O2 -o naive_octal naive_octal.c
 *
 * Usage: naive_octal DIGITS N [FILE]      (DIGITS such as 137 for 0.137)
 * Prints "N max first_n checksum" on one line, where max is the largest value
 * of G(0..N-1), first_n the least n where it is reached and checksum the sum of
 * (n + 1) * G(n) modulo 2^64; with FILE, also writes G(0..N-1) as N
 * little-endian 16-bit words.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define VALUES 65536

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: %s DIGITS N [FILE]\n", argv[0]);
        return 2;
    }
    const char *digits = argv[1];
    int t = (int)strlen(digits);
    long n_max = strtol(argv[2], NULL, 10);
    if (t < 1 || n_max < 1) {
        fprintf(stderr, "DIGITS must be non-empty and N positive\n");
        return 2;
    }
    for (int k = 0; k < t; k++) {
        if (digits[k] < '0' || digits[k] > '7') {
            fprintf(stderr, "digits are 0 to 7\n");
            return 2;
        }
    }
    unsigned short *g = calloc((size_t)n_max, sizeof *g);
    long *seen = malloc(VALUES * sizeof *seen);
    if (g == NULL || seen == NULL) return 1;
    for (long v = 0; v < VALUES; v++) seen[v] = -1;
    unsigned long long checksum = 0;
    int best = -1;
    long best_n = 0;
    for (long n = 0; n < n_max; n++) {
        for (int k = 1; k <= t && k <= n; k++) {
            int d = digits[k - 1] - '0';
            long rest = n - k;
            if ((d & 1) && rest == 0) seen[0] = n;
            if ((d & 2) && rest > 0) seen[g[rest]] = n;
            if (d & 4)
                for (long a = 1; 2 * a <= rest; a++) seen[g[a] ^ g[rest - a]] = n;
        }
        long value = 0;
        while (value < VALUES && seen[value] == n) value++;
        if (value == VALUES) {
            fprintf(stderr, "value above 65535 at n = %ld\n", n);
            return 1;
        }
        g[n] = (unsigned short)value;
        checksum += (unsigned long long)(n + 1) * (unsigned long long)value;
        if (value > best) {
            best = (int)value;
            best_n = n;
        }
    }
    printf("%ld %d %ld %llu\n", n_max, best, best_n, checksum);
    if (argc > 3) {
        FILE *out = fopen(argv[3], "wb");
        if (out == NULL) return 1;
        fwrite(g, sizeof *g, (size_t)n_max, out);
        fclose(out);
    }
    free(g);
    free(seen);
    return 0;
}
