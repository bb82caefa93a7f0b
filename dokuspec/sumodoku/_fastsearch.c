/*
 * The compiled completion search of dokuspec.sumodoku.search.
 *
 * The same algorithm as the pure-Python fallback there (_PySearch), step by
 * step, so both give the same answer, completion and node count: repeat
 * { place every naked single (cells in order); if none, the first hidden
 * single (units in order, lowest colour, first cell) } until stuck, then
 * branch on the first cell with the fewest candidates, colours in
 * increasing order. Each branch works on a copy of the state.
 *
 * search(cells: bytes[81], x: bool, packed: bytes, node_limit: int)
 *     -> (status, completion: bytes | None, nodes)
 * status 0: found, 1: none, 2: node limit reached.
 *
 * completions(cells, x, packed, limit: int, node_limit: int)
 *     -> (status, completions: bytes, nodes)
 * The same search, carried on past each completion to the next (colours in
 * increasing order at each branch): every completion in that order, up to
 * ``limit``, 81 bytes each, one after the other. status 0: the search ended
 * (every completion found) or ``limit`` were found; 2: node limit reached.
 *
 * certify(boards: bytes, pieces: bytes[81], offsets: bytes, ids: bytes, most: bytes)
 *     -> int
 * Not part of the search: an evaluator of the spec's prohibitions
 * (dokuspec.spec.model.Prohibitions.counted) on full boards, which shares
 * nothing with the code above. ``boards`` holds boards of 81 bytes one after
 * the other; a board passes when every cell holds a colour 1-9, every piece
 * of ``pieces`` (0: an empty cell) is on it, and no prohibition counts more
 * true variables than it allows. The variable "cell i holds colour k" is
 * 9 * i + k; ``offsets`` (int32, 731 of them) delimit, in ``ids`` (int32),
 * the prohibitions that count each variable, and ``most`` (uint16, one per
 * prohibition) says how many each allows. Returns the number of boards that
 * pass before the first that does not (all of them when every board passes). ``packed`` holds per
 * cell the allowed colour mask (2 bytes, little-endian), then per cell four
 * (neighbour, kind) byte pairs: kind 1 marked (the digits differ by 1), any
 * other kind constrained the other way (the digits must not differ by 1),
 * neighbour 255 unused; then per colour 0-9 the mask of the colours whose
 * digit differs by 1 from its digit (2 bytes, little-endian). The module's
 * PACKED_LAYOUT names this layout.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define ALL 0x3FEu
#define NO_CELL 255
#define MARKED 1
#define PACKED_LAYOUT 2
#define PACKED_SIZE (81 * 2 + 81 * 8 + 10 * 2)

typedef struct {
    unsigned char cells[81];
    unsigned short cand[81];
    unsigned short used[29];
} State;

typedef struct {
    int nunits;
    unsigned char units[29][9];
    unsigned char cell_units[81][5];
    unsigned char ncell_units[81];
    unsigned char peers[81][40];
    unsigned char npeers[81];
    unsigned short allowed[81];
    unsigned char nb[81][4];
    unsigned char kind[81][4];
    unsigned char nnb[81];
    unsigned short next_to[10];
    long long nodes;
    long long limit;
    int limited;
} Search;

static inline int popcount(unsigned v) { return __builtin_popcount(v); }
static inline int lowest(unsigned v) { return __builtin_ctz(v); }

/* The first candidates of an empty cell, from the pieces around it. */
static unsigned candidates(const Search *s, const State *st, int cell) {
    unsigned mask = s->allowed[cell];
    for (int i = 0; i < s->ncell_units[cell]; i++) mask &= ~(unsigned)st->used[s->cell_units[cell][i]];
    for (int i = 0; i < s->nnb[cell]; i++) {
        int colour = st->cells[s->nb[cell][i]];
        if (colour) {
            if (s->kind[cell][i] == MARKED) mask &= s->next_to[colour];
            else mask &= ~(unsigned)s->next_to[colour];
        }
    }
    return mask & ALL;
}

static inline int place(Search *s, State *st, int cell, int colour) {
    if (s->nodes >= s->limit) { s->limited = 1; return 0; }
    s->nodes++;
    st->cells[cell] = (unsigned char)colour;
    st->cand[cell] = 0;
    unsigned short bit = (unsigned short)(1u << colour);
    for (int i = 0; i < s->ncell_units[cell]; i++) st->used[s->cell_units[cell][i]] |= bit;
    unsigned short keep = (unsigned short)~bit;
    for (int i = 0; i < s->npeers[cell]; i++) st->cand[s->peers[cell][i]] &= keep;
    for (int i = 0; i < s->nnb[cell]; i++) {
        if (s->kind[cell][i] == MARKED) st->cand[s->nb[cell][i]] &= s->next_to[colour];
        else st->cand[s->nb[cell][i]] &= (unsigned short)~s->next_to[colour];
    }
    return 1;
}

#define FULL (-1)
#define DEAD (-2)

/* Naked and hidden singles until none is left: the cell to branch on (the first with the
 * fewest candidates), FULL when the board is full, DEAD on a contradiction or at the node
 * limit (s->limited tells which). */
static int propagate(Search *s, State *st) {
    for (;;) {
        int progress = 0, best = -1, best_count = 10;
        for (int cell = 0; cell < 81; cell++) {
            if (st->cells[cell]) continue;
            unsigned mask = st->cand[cell];
            if (!mask) return DEAD;
            int count = popcount(mask);
            if (count == 1) {
                if (!place(s, st, cell, lowest(mask))) return DEAD;
                progress = 1;
            } else if (count < best_count) {
                best = cell; best_count = count;
            }
        }
        if (progress) continue;
        if (best < 0) return FULL;
        for (int u = 0; u < s->nunits; u++) {
            unsigned once = 0, twice = 0;
            for (int i = 0; i < 9; i++) {
                unsigned mask = st->cand[s->units[u][i]];
                twice |= once & mask;
                once |= mask;
            }
            unsigned missing = ALL & ~(unsigned)st->used[u];
            if (missing & ~once) return DEAD;
            unsigned single = missing & once & ~twice;
            while (single) {
                int colour = lowest(single);
                single &= single - 1;
                int i = 0;
                for (; i < 9; i++) {
                    int cell = s->units[u][i];
                    if (st->cand[cell] >> colour & 1u) {
                        if (!place(s, st, cell, colour)) return DEAD;
                        break;
                    }
                }
                if (i == 9) return DEAD;
                progress = 1;
            }
        }
        if (progress) continue;
        return best;
    }
}

/* 1: found (st holds it), 0: none or limit (s->limited tells). */
static int solve(Search *s, State *st) {
    int best = propagate(s, st);
    if (best == DEAD) return 0;
    if (best == FULL) return 1;
    unsigned mask = st->cand[best];
    for (int colour = 1; colour <= 9; colour++) {
        if (!(mask >> colour & 1u)) continue;
        State branch = *st;
        if (!place(s, &branch, best, colour)) return 0;
        if (solve(s, &branch)) { *st = branch; return 1; }
        if (s->limited) return 0;
    }
    return 0;
}

typedef struct {
    unsigned char *boards;
    Py_ssize_t count, capacity, limit;
    int failed; /* out of memory */
} Found;

static int record(Found *out, const State *st) {
    if (out->count == out->capacity) {
        Py_ssize_t capacity = out->capacity ? 2 * out->capacity : 16;
        if (capacity > out->limit) capacity = out->limit;
        unsigned char *grown = realloc(out->boards, (size_t)capacity * 81);
        if (grown == NULL) { out->failed = 1; return 1; }
        out->boards = grown;
        out->capacity = capacity;
    }
    memcpy(out->boards + out->count * 81, st->cells, 81);
    out->count++;
    return out->count >= out->limit;
}

/* Every completion below st, in solve's order, into out. 1: stop (limit, node limit
 * or memory), 0: this branch is done. */
static int each(Search *s, State *st, Found *out) {
    int best = propagate(s, st);
    if (best == DEAD) return s->limited; /* the node limit stops; a contradiction ends the branch */
    if (best == FULL) return record(out, st);
    unsigned mask = st->cand[best];
    for (int colour = 1; colour <= 9; colour++) {
        if (!(mask >> colour & 1u)) continue;
        State branch = *st;
        if (!place(s, &branch, best, colour)) return 1;
        if (each(s, &branch, out)) return 1;
    }
    return 0;
}

static void setup(Search *s, int x) {
    int n = 0;
    for (int r = 0; r < 9; r++, n++) for (int c = 0; c < 9; c++) s->units[n][c] = (unsigned char)(r * 9 + c);
    for (int c = 0; c < 9; c++, n++) for (int r = 0; r < 9; r++) s->units[n][r] = (unsigned char)(r * 9 + c);
    for (int b = 0; b < 9; b++, n++)
        for (int i = 0; i < 9; i++)
            s->units[n][i] = (unsigned char)((3 * (b / 3) + i / 3) * 9 + 3 * (b % 3) + i % 3);
    if (x) {
        for (int i = 0; i < 9; i++) s->units[n][i] = (unsigned char)(i * 10);
        n++;
        for (int i = 0; i < 9; i++) s->units[n][i] = (unsigned char)(i * 8 + 8);
        n++;
    }
    s->nunits = n;
    memset(s->ncell_units, 0, sizeof s->ncell_units);
    for (int u = 0; u < n; u++)
        for (int i = 0; i < 9; i++) {
            int cell = s->units[u][i];
            s->cell_units[cell][s->ncell_units[cell]++] = (unsigned char)u;
        }
    for (int cell = 0; cell < 81; cell++) {
        unsigned char seen[81] = {0};
        s->npeers[cell] = 0;
        for (int j = 0; j < s->ncell_units[cell]; j++)
            for (int i = 0; i < 9; i++) {
                int other = s->units[s->cell_units[cell][j]][i];
                if (other != cell && !seen[other]) {
                    seen[other] = 1;
                    s->peers[cell][s->npeers[cell]++] = (unsigned char)other;
                }
            }
    }
}

/* The search's tables and first state from the arguments. 1: the pieces break a rule
 * among themselves (no completion, 0 nodes), 0: ready. */
static int prepare(Search *s, State *st, const unsigned char *in, int x, const unsigned char *p) {
    /* The units and peers depend only on x: built once per process. */
    static Search topology[2];
    static int ready[2];
    int which = x ? 1 : 0;
    if (!ready[which]) {
        setup(&topology[which], which);
        ready[which] = 1;
    }
    *s = topology[which];
    for (int cell = 0; cell < 81; cell++) {
        s->allowed[cell] = (unsigned short)(p[2 * cell] | (p[2 * cell + 1] << 8));
        s->nnb[cell] = 0;
        for (int i = 0; i < 4; i++) {
            int other = p[162 + 8 * cell + 2 * i], kind = p[162 + 8 * cell + 2 * i + 1];
            if (other != NO_CELL && other < 81) {
                s->nb[cell][s->nnb[cell]] = (unsigned char)other;
                s->kind[cell][s->nnb[cell]] = (unsigned char)kind;
                s->nnb[cell]++;
            }
        }
        st->cells[cell] = in[cell] <= 9 ? in[cell] : 0;
    }
    for (int v = 0; v < 10; v++)
        s->next_to[v] = (unsigned short)(p[810 + 2 * v] | (p[810 + 2 * v + 1] << 8));
    int broken = 0;
    for (int u = 0; u < s->nunits; u++) {
        unsigned short used = 0;
        for (int i = 0; i < 9; i++) {
            int colour = st->cells[s->units[u][i]];
            if (colour) {
                if (used >> colour & 1u) broken = 1;
                used |= (unsigned short)(1u << colour);
            }
        }
        st->used[u] = used;
    }
    for (int cell = 0; cell < 81; cell++) {
        int colour = st->cells[cell];
        if (!colour) continue;
        if (!(s->allowed[cell] >> colour & 1u)) broken = 1;
        for (int i = 0; i < s->nnb[cell]; i++) {
            int near = st->cells[s->nb[cell][i]];
            if (near && ((s->kind[cell][i] == MARKED) != ((s->next_to[colour] >> near & 1u) != 0))) broken = 1;
        }
    }
    if (broken) return 1;
    for (int cell = 0; cell < 81; cell++)
        st->cand[cell] = st->cells[cell] ? 0 : (unsigned short)candidates(s, st, cell);
    return 0;
}

static int check_sizes(Py_buffer *cells, Py_buffer *packed, long long limit) {
    if (cells->len != 81 || packed->len != PACKED_SIZE || limit < 0) {
        PyBuffer_Release(cells);
        PyBuffer_Release(packed);
        PyErr_SetString(PyExc_ValueError, "takes 81 cells, 830 packed bytes, limits >= 0");
        return 0;
    }
    return 1;
}

static PyObject *search(PyObject *self, PyObject *args) {
    (void)self;
    Py_buffer cells, packed;
    int x;
    long long limit;
    if (!PyArg_ParseTuple(args, "y*py*L", &cells, &x, &packed, &limit)) return NULL;
    if (!check_sizes(&cells, &packed, limit)) return NULL;
    Search s;
    State st;
    int broken = prepare(&s, &st, cells.buf, x, packed.buf);
    PyBuffer_Release(&cells);
    PyBuffer_Release(&packed);
    if (broken) return Py_BuildValue("iOL", 1, Py_None, 0LL);
    s.nodes = 0;
    s.limit = limit;
    s.limited = 0;
    int found;
    Py_BEGIN_ALLOW_THREADS
    found = solve(&s, &st);
    Py_END_ALLOW_THREADS
    if (found) return Py_BuildValue("iy#L", 0, (const char *)st.cells, (Py_ssize_t)81, s.nodes);
    return Py_BuildValue("iOL", s.limited ? 2 : 1, Py_None, s.nodes);
}

static PyObject *completions(PyObject *self, PyObject *args) {
    (void)self;
    Py_buffer cells, packed;
    int x;
    long long most, limit;
    if (!PyArg_ParseTuple(args, "y*py*LL", &cells, &x, &packed, &most, &limit)) return NULL;
    if (!check_sizes(&cells, &packed, limit)) return NULL;
    if (most < 1) {
        PyBuffer_Release(&cells);
        PyBuffer_Release(&packed);
        PyErr_SetString(PyExc_ValueError, "completions() counts at least 1");
        return NULL;
    }
    Search s;
    State st;
    int broken = prepare(&s, &st, cells.buf, x, packed.buf);
    PyBuffer_Release(&cells);
    PyBuffer_Release(&packed);
    if (broken) return Py_BuildValue("iy#L", 0, "", (Py_ssize_t)0, 0LL);
    s.nodes = 0;
    s.limit = limit;
    s.limited = 0;
    Found out = {NULL, 0, 0, (Py_ssize_t)most, 0};
    Py_BEGIN_ALLOW_THREADS
    each(&s, &st, &out);
    Py_END_ALLOW_THREADS
    if (out.failed) {
        free(out.boards);
        return PyErr_NoMemory();
    }
    PyObject *result = Py_BuildValue(
        "iy#L", s.limited ? 2 : 0, out.boards ? (const char *)out.boards : "", out.count * 81,
        s.nodes);
    free(out.boards);
    return result;
}

/*
 * shuffle(items: list, getrandbits) -> None
 *
 * random.shuffle's Fisher-Yates, draw for draw: from the last item down, an
 * index j <= i drawn as getrandbits(bit length of i + 1) until it is at most
 * i (CPython's _randbelow), then items i and j swapped. The same calls of
 * getrandbits as dokuspec.sumodoku.bots._shuffle, so the same order and the
 * same state of the generator afterwards.
 */
static PyObject *shuffle(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *items, *getrandbits;
    if (!PyArg_ParseTuple(args, "O!O", &PyList_Type, &items, &getrandbits)) return NULL;
    Py_ssize_t size = PyList_GET_SIZE(items);
    for (Py_ssize_t i = size - 1; i > 0; i--) {
        int bits = 0;
        for (unsigned long long bound = (unsigned long long)i + 1; bound; bound >>= 1) bits++;
        PyObject *width = PyLong_FromLong(bits);
        if (width == NULL) return NULL;
        unsigned long long j;
        do {
            PyObject *drawn = PyObject_CallOneArg(getrandbits, width);
            if (drawn == NULL) {
                Py_DECREF(width);
                return NULL;
            }
            j = PyLong_AsUnsignedLongLong(drawn);
            Py_DECREF(drawn);
            if (j == (unsigned long long)-1 && PyErr_Occurred()) {
                Py_DECREF(width);
                return NULL;
            }
        } while (j > (unsigned long long)i);
        Py_DECREF(width);
        if (PyList_GET_SIZE(items) != size) {
            PyErr_SetString(PyExc_RuntimeError, "the list changed size during the shuffle");
            return NULL;
        }
        PyObject *swap = PyList_GET_ITEM(items, i);
        PyList_SET_ITEM(items, i, PyList_GET_ITEM(items, (Py_ssize_t)j));
        PyList_SET_ITEM(items, (Py_ssize_t)j, swap);
    }
    Py_RETURN_NONE;
}

static PyObject *certify(PyObject *self, PyObject *args) {
    (void)self;
    Py_buffer boards, pieces, offsets, ids, most;
    if (!PyArg_ParseTuple(args, "y*y*y*y*y*", &boards, &pieces, &offsets, &ids, &most)) return NULL;
    Py_ssize_t prohibitions = most.len / 2, nids = ids.len / 4;
    const int32_t *off = offsets.buf, *id = ids.buf;
    const uint16_t *allowed = most.buf;
    int ok = boards.len % 81 == 0 && pieces.len == 81 && offsets.len == 731 * 4
             && ids.len % 4 == 0 && most.len % 2 == 0;
    if (!ok) {
        PyBuffer_Release(&boards);
        PyBuffer_Release(&pieces);
        PyBuffer_Release(&offsets);
        PyBuffer_Release(&ids);
        PyBuffer_Release(&most);
        PyErr_SetString(PyExc_ValueError, "certify() takes boards of 81 bytes and a consistent table");
        return NULL;
    }
    uint16_t *count = calloc((size_t)(prohibitions ? prohibitions : 1), sizeof(uint16_t));
    if (count == NULL) {
        PyBuffer_Release(&boards);
        PyBuffer_Release(&pieces);
        PyBuffer_Release(&offsets);
        PyBuffer_Release(&ids);
        PyBuffer_Release(&most);
        return PyErr_NoMemory();
    }
    const unsigned char *given = pieces.buf, *all = boards.buf;
    Py_ssize_t total = boards.len / 81, passed = 0;
    int bad = 0; /* a malformed table */
    for (; passed < total && !bad; passed++) {
        const unsigned char *board = all + passed * 81;
        int good = 1;
        memset(count, 0, (size_t)prohibitions * sizeof(uint16_t));
        for (int cell = 0; good && cell < 81; cell++) {
            int colour = board[cell];
            if (colour < 1 || colour > 9 || (given[cell] && given[cell] != colour)) { good = 0; break; }
            int variable = 9 * cell + colour;
            int32_t first = off[variable], last = off[variable + 1];
            if (first < 0 || last < first || last > nids) { bad = 1; break; }
            for (int32_t at = first; at < last; at++) {
                int32_t number = id[at];
                if (number < 0 || number >= prohibitions) { bad = 1; break; }
                if (++count[number] > allowed[number]) { good = 0; break; }
            }
            if (bad) break;
        }
        if (!good || bad) break;
    }
    free(count);
    PyBuffer_Release(&boards);
    PyBuffer_Release(&pieces);
    PyBuffer_Release(&offsets);
    PyBuffer_Release(&ids);
    PyBuffer_Release(&most);
    if (bad) {
        PyErr_SetString(PyExc_ValueError, "certify(): the table's offsets or ids are out of range");
        return NULL;
    }
    return PyLong_FromSsize_t(passed);
}

static PyMethodDef methods[] = {
    {"search", search, METH_VARARGS, "search(cells, x, packed, node_limit) -> (status, completion, nodes)"},
    {"certify", certify, METH_VARARGS,
     "certify(boards, pieces, offsets, ids, most) -> boards passed before the first failure"},
    {"completions", completions, METH_VARARGS,
     "completions(cells, x, packed, limit, node_limit) -> (status, completions, nodes)"},
    {"shuffle", shuffle, METH_VARARGS, "shuffle(items, getrandbits) -> None: random.shuffle, draw for draw"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_fastsearch", "The compiled Sumodoku completion search.", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__fastsearch(void) {
    PyObject *m = PyModule_Create(&module);
    if (m != NULL && PyModule_AddIntConstant(m, "PACKED_LAYOUT", PACKED_LAYOUT) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
