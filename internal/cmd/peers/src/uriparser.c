/* The uriparser side of internal/cmd/peers: uriParseSingleUriA over the lines of a file,
   timed as the Go side times its calls (process CPU time, median of the rounds), printed as
   one JSON line. Built by peers with cc -O2 against Debian's liburiparser-dev. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <uriparser/Uri.h>

static double now(void) {
	struct timespec t;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return t.tv_sec * 1e9 + t.tv_nsec;
}

static int cmp(const void *a, const void *b) {
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
	if (argc != 4) {
		fprintf(stderr, "usage: uriparser FILE REPS ROUNDS\n");
		return 2;
	}
	FILE *f = fopen(argv[1], "r");
	if (!f) {
		perror(argv[1]);
		return 1;
	}
	int reps = atoi(argv[2]), rounds = atoi(argv[3]);
	char **lines = NULL;
	size_t n = 0, cap = 0, len = 0;
	char *buf = NULL;
	ssize_t got;
	while ((got = getline(&buf, &len, f)) >= 0) {
		if (got > 0 && buf[got - 1] == '\n')
			buf[--got] = 0;
		if (got == 0)
			continue;
		if (n == cap) {
			cap = cap ? 2 * cap : 1024;
			lines = realloc(lines, cap * sizeof *lines);
		}
		lines[n++] = strdup(buf);
	}
	fclose(f);
	double *ns = calloc(rounds, sizeof *ns);
	long accepted = 0;
	for (int r = -1; r < rounds; r++) { /* round -1 warms up */
		double t = now();
		accepted = 0;
		for (int k = 0; k < reps; k++) {
			for (size_t i = 0; i < n; i++) {
				UriUriA uri;
				const char *errorPos;
				if (uriParseSingleUriA(&uri, lines[i], &errorPos) == URI_SUCCESS)
					accepted++;
				uriFreeUriMembersA(&uri);
			}
		}
		if (r >= 0)
			ns[r] = (now() - t) / ((double)reps * n);
	}
	qsort(ns, rounds, sizeof *ns, cmp);
	printf("{\"name\": \"uriparser %s uriParseSingleUriA\", \"ns\": %.1f, \"accepted\": %ld}\n",
	       URI_VER_ANSI, ns[rounds / 2], accepted / reps);
	return 0;
}
