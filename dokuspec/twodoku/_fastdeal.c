/*
 * The compiled deal of dokuspec.twodoku.deals: deal(seed) with no options, draw for draw as
 * the Python code draws it from random.Random(seed), so the same deal.
 *
 * random.Random(seed) is CPython's Mersenne Twister (MT19937, M. Matsumoto and T. Nishimura,
 * "Mersenne Twister: a 623-dimensionally equidistributed uniform pseudo-random number
 * generator", ACM TOMACS 8(1), 1998), seeded from an int by the algorithm's init_by_array
 * with the int's 32-bit words, least significant first (one word for 0). On it, as CPython's
 * random module: getrandbits(k) for k <= 32 is the next output shifted right by 32 - k; for
 * k > 32, outputs fill 32-bit words from the least significant, the last shifted right to
 * keep k bits; randbelow(n) draws getrandbits(bit length of n) until it is below n;
 * shuffle swaps item i (from the last down to 1) with item randbelow(i + 1); sample(pop, k)
 * picks from a pool (each pick moves the last unpicked item into the gap) when the
 * population is no larger than 21 + 4 ** ceil(log4(3k)) (for k > 5), else draws
 * randbelow(n) again until it finds an index not picked.
 *
 * deal(seed: int) -> (red: bytes[36], blue: bytes[36], squares: bytes[8], digits: bytes[8],
 *                     pot: bytes[2], red_pile: bytes[40], blue_pile: bytes[40]) | None
 * The colouring (two samples of 36 of the 81 squares, each sorted), the face-down draw (8 of
 * the 90 dominoes, 10 of each digit), the face-down squares (8 of the white squares, in
 * order), then the fair split of the 82 dominoes left: rejection sampling exactly as
 * dokuspec.twodoku.deals._fair_split. None when the split takes 10,000 attempts (the Python
 * code then consults the exact existence test; no draw of the game needs that many).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#define N 624
#define M 397

typedef struct {
    uint32_t mt[N];
    int index;
} Twister;

static void init_genrand(Twister *t, uint32_t s) {
    t->mt[0] = s;
    for (int i = 1; i < N; i++) t->mt[i] = 1812433253u * (t->mt[i - 1] ^ (t->mt[i - 1] >> 30)) + (uint32_t)i;
    t->index = N;
}

static void init_by_array(Twister *t, const uint32_t *key, int length) {
    init_genrand(t, 19650218u);
    int i = 1, j = 0;
    for (int k = N > length ? N : length; k; k--) {
        t->mt[i] = (t->mt[i] ^ ((t->mt[i - 1] ^ (t->mt[i - 1] >> 30)) * 1664525u)) + key[j] + (uint32_t)j;
        i++;
        j++;
        if (i >= N) { t->mt[0] = t->mt[N - 1]; i = 1; }
        if (j >= length) j = 0;
    }
    for (int k = N - 1; k; k--) {
        t->mt[i] = (t->mt[i] ^ ((t->mt[i - 1] ^ (t->mt[i - 1] >> 30)) * 1566083941u)) - (uint32_t)i;
        i++;
        if (i >= N) { t->mt[0] = t->mt[N - 1]; i = 1; }
    }
    t->mt[0] = 0x80000000u;
}

static inline uint32_t next32(Twister *t) {
    static const uint32_t mag01[2] = {0u, 0x9908b0dfu};
    if (t->index >= N) {
        int k = 0;
        uint32_t y;
        for (; k < N - M; k++) {
            y = (t->mt[k] & 0x80000000u) | (t->mt[k + 1] & 0x7fffffffu);
            t->mt[k] = t->mt[k + M] ^ (y >> 1) ^ mag01[y & 1u];
        }
        for (; k < N - 1; k++) {
            y = (t->mt[k] & 0x80000000u) | (t->mt[k + 1] & 0x7fffffffu);
            t->mt[k] = t->mt[k + (M - N)] ^ (y >> 1) ^ mag01[y & 1u];
        }
        y = (t->mt[N - 1] & 0x80000000u) | (t->mt[0] & 0x7fffffffu);
        t->mt[N - 1] = t->mt[M - 1] ^ (y >> 1) ^ mag01[y & 1u];
        t->index = 0;
    }
    uint32_t y = t->mt[t->index++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= (y >> 18);
    return y;
}

static int bit_length(uint32_t n) {
    int bits = 0;
    while (n) { bits++; n >>= 1; }
    return bits;
}

/* getrandbits(k), 1 <= k <= 32 */
static uint32_t bits32(Twister *t, int k) { return next32(t) >> (32 - k); }

static uint32_t randbelow(Twister *t, uint32_t n) {
    int k = bit_length(n);
    uint32_t r = bits32(t, k);
    while (r >= n) r = bits32(t, k);
    return r;
}

/* getrandbits(k), 64 < k <= 96, as a 128-bit integer */
typedef unsigned __int128 u128;
static u128 bits96(Twister *t, int k) {
    u128 value = 0;
    int shift = 0;
    for (; k > 0; k -= 32, shift += 32) {
        uint32_t r = next32(t);
        if (k < 32) r >>= (32 - k);
        value |= (u128)r << shift;
    }
    return value;
}

/* Bits set, by the usual parallel sums (no popcount instruction assumed). */
static inline int popcount64(uint64_t v) {
    v = v - ((v >> 1) & 0x5555555555555555ull);
    v = (v & 0x3333333333333333ull) + ((v >> 2) & 0x3333333333333333ull);
    v = (v + (v >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return (int)((v * 0x0101010101010101ull) >> 56);
}

static inline int popcount128(u128 v) { return popcount64((uint64_t)v) + popcount64((uint64_t)(v >> 64)); }

static void shuffle(Twister *t, unsigned char *items, int size) {
    for (int i = size - 1; i > 0; i--) {
        int j = (int)randbelow(t, (uint32_t)i + 1);
        unsigned char swap = items[i];
        items[i] = items[j];
        items[j] = swap;
    }
}

/* random.sample(population, k) of a population of n distinct small ints, into out */
static void sample(Twister *t, const unsigned char *population, int n, int k, unsigned char *out) {
    int setsize = 21;
    if (k > 5) setsize += (int)pow(4.0, ceil(log((double)(k * 3)) / log(4.0)));
    if (n <= setsize) {
        unsigned char pool[256];
        memcpy(pool, population, (size_t)n);
        for (int i = 0; i < k; i++) {
            int j = (int)randbelow(t, (uint32_t)(n - i));
            out[i] = pool[j];
            pool[j] = pool[n - i - 1];
        }
    } else {
        unsigned char picked[256] = {0};
        for (int i = 0; i < k; i++) {
            int j = (int)randbelow(t, (uint32_t)n);
            while (picked[j]) j = (int)randbelow(t, (uint32_t)n);
            picked[j] = 1;
            out[i] = population[j];
        }
    }
}

/* sorted(squares): 36 distinct squares 0-80, in increasing order */
static void sort_squares(unsigned char *squares) {
    unsigned char seen[81] = {0};
    for (int i = 0; i < 36; i++) seen[squares[i]] = 1;
    int n = 0;
    for (int i = 0; i < 81; i++)
        if (seen[i]) squares[n++] = (unsigned char)i;
}

#define SQUARES_EACH 36
#define FACE_DOWN 8
#define DOMINOES 90
#define COPIES 10
#define PILE 40
#define ATTEMPTS 10000

static PyObject *deal(PyObject *self, PyObject *args) {
    (void)self;
    unsigned long long seed;
    if (!PyArg_ParseTuple(args, "K", &seed)) return NULL;
    uint32_t key[2] = {(uint32_t)seed, (uint32_t)(seed >> 32)};
    Twister t;
    init_by_array(&t, key, key[1] ? 2 : 1);

    unsigned char all[DOMINOES];
    for (int i = 0; i < DOMINOES; i++) all[i] = (unsigned char)i;
    unsigned char red[SQUARES_EACH], blue[SQUARES_EACH];
    sample(&t, all, 81, SQUARES_EACH, red);
    sample(&t, all, 81, SQUARES_EACH, blue);
    sort_squares(red);
    sort_squares(blue);
    unsigned char coloured[81] = {0}, white[81];
    for (int i = 0; i < SQUARES_EACH; i++) coloured[red[i]] = coloured[blue[i]] = 1;
    int nwhite = 0;
    for (int i = 0; i < 81; i++)
        if (!coloured[i]) white[nwhite++] = (unsigned char)i;

    unsigned char drawn[FACE_DOWN], digits[FACE_DOWN], squares[FACE_DOWN];
    sample(&t, all, DOMINOES, FACE_DOWN, drawn);
    int left[9];
    for (int d = 0; d < 9; d++) left[d] = COPIES;
    for (int i = 0; i < FACE_DOWN; i++) {
        digits[i] = (unsigned char)(drawn[i] / COPIES + 1);
        left[digits[i] - 1]--;
    }
    sample(&t, white, nwhite, FACE_DOWN, squares);

    /* the pieces left, sorted by digit; starts[k - 2]: the first piece of digit k or more */
    unsigned char piece[DOMINOES];
    int n = 0, total = 0, starts[8];
    for (int d = 1; d <= 9; d++) {
        if (d >= 2) starts[d - 2] = n;
        for (int c = 0; c < left[d - 1]; c++) {
            piece[n++] = (unsigned char)d;
            total += d;
        }
    }
    u128 everything = (((u128)1) << n) - 1;
    int width_first = bit_length((uint32_t)n), width_second = bit_length((uint32_t)(n - 1));
    for (int attempts = 1; attempts < ATTEMPTS; attempts++) {
        uint32_t first = bits32(&t, width_first);
        while (first >= (uint32_t)n) first = bits32(&t, width_first);
        uint32_t second = bits32(&t, width_second);
        while (second >= (uint32_t)(n - 1)) second = bits32(&t, width_second);
        if (second >= first) second++;
        int rest = total - piece[first] - piece[second];
        if (rest & 1) continue;
        u128 allowed = everything ^ (((u128)1) << first) ^ (((u128)1) << second);
        u128 mask = bits96(&t, n) & allowed;
        while (popcount128(mask) != PILE) mask = bits96(&t, n) & allowed;
        int above[8], sum = PILE;
        for (int k = 0; k < 8; k++) {
            above[k] = popcount128(mask >> starts[k]);
            sum += above[k];
        }
        if (2 * sum != rest) continue;
        int counts[9];
        counts[0] = PILE - above[0];
        for (int k = 1; k < 8; k++) counts[k] = above[k - 1] - above[k];
        counts[8] = above[7];
        int rest_of[9];
        memcpy(rest_of, left, sizeof left);
        rest_of[piece[first] - 1]--;
        rest_of[piece[second] - 1]--;
        unsigned char red_pile[PILE], blue_pile[PILE];
        int r = 0, b = 0;
        for (int d = 1; d <= 9; d++) {
            for (int c = 0; c < counts[d - 1]; c++) red_pile[r++] = (unsigned char)d;
            for (int c = counts[d - 1]; c < rest_of[d - 1]; c++) blue_pile[b++] = (unsigned char)d;
        }
        if (r != PILE || b != PILE) {
            PyErr_SetString(PyExc_RuntimeError, "the fair split lost count of its pieces");
            return NULL;
        }
        shuffle(&t, red_pile, PILE);
        shuffle(&t, blue_pile, PILE);
        unsigned char pot[2] = {piece[first], piece[second]};
        return Py_BuildValue(
            "(y#y#y#y#y#y#y#)", (const char *)red, (Py_ssize_t)SQUARES_EACH, (const char *)blue,
            (Py_ssize_t)SQUARES_EACH, (const char *)squares, (Py_ssize_t)FACE_DOWN,
            (const char *)digits, (Py_ssize_t)FACE_DOWN, (const char *)pot, (Py_ssize_t)2,
            (const char *)red_pile, (Py_ssize_t)PILE, (const char *)blue_pile, (Py_ssize_t)PILE);
    }
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"deal", deal, METH_VARARGS, "deal(seed) -> the parts of deal(seed), or None"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_fastdeal", "The compiled Two-Doku deal.", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__fastdeal(void) { return PyModule_Create(&module); }
