/*
 * Grundy's game by the naive O(n^2) mex: the baseline of bench/octal_grundy.py.
 *
 * G(n) = mex { G(a) XOR G(n - a) : 1 <= a < n - a }.  For every n the program
 * marks every option in a table of seen values, then takes the least unmarked
 * one: about n^2 / 4 exclusive ors in all.  Compiled at bench time only (never
 * committed as a binary):  gcc -O2 -o naive_grundy naive_grundy.c
 *
 * Usage: naive_grundy N [FILE]
 * Prints "N max first_n checksum" on one line, where max is the largest value
 * of G(0..N-1), first_n the least n where it is reached and checksum the sum of
 * (n + 1) * G(n) modulo 2^64; with FILE, also writes G(0..N-1) as N bytes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s N [FILE]\n", argv[0]);
        return 2;
    }
    long n_max = strtol(argv[1], NULL, 10);
    if (n_max < 1) {
        fprintf(stderr, "N must be positive\n");
        return 2;
    }
    unsigned char *g = calloc((size_t)n_max, 1);
    if (g == NULL) return 1;
    unsigned char seen[256];
    unsigned long long checksum = 0;
    int best = -1;
    long best_n = 0;
    for (long n = 0; n < n_max; n++) {
        memset(seen, 0, sizeof seen);
        for (long a = 1; 2 * a < n; a++) seen[g[a] ^ g[n - a]] = 1;
        int value = 0;
        while (value < 255 && seen[value]) value++;
        if (seen[value]) {
            fprintf(stderr, "value above 255 at n = %ld\n", n);
            return 1;
        }
        g[n] = (unsigned char)value;
        checksum += (unsigned long long)(n + 1) * (unsigned long long)value;
        if (value > best) {
            best = value;
            best_n = n;
        }
    }
    printf("%ld %d %ld %llu\n", n_max, best, best_n, checksum);
    if (argc > 2) {
        FILE *out = fopen(argv[2], "wb");
        if (out == NULL) return 1;
        fwrite(g, 1, (size_t)n_max, out);
        fclose(out);
    }
    free(g);
    return 0;
}
