// Command e2ebench measures `urlgrammar check` end to end against its baseline, a loop of
// net/url.Parse over the same file that writes the error of each line it rejects: each
// command on one core (through taskset -c 0 when the machine has taskset; -core picks
// another, and -core -1 runs them unpinned, as a user does on a machine of several
// cores, where the collector and the reader take other cores), one after the
// other, rounds times, its output to a file; it prints each command's median wall and CPU
// time and the loop's time over it (above 1: the checker is faster). `make bench-e2e` runs it
// on 1,000,000 text-shaped lines:
//
//	go run ./internal/cmd/gencorpus -n 1000000 -text > text.txt
//	go build -o ug ./cmd/urlgrammar && go build -o e2ebench ./internal/cmd/e2ebench
//	./e2ebench -rounds 9 -urlgrammar ./ug text.txt
//
// `e2ebench -loop FILE` is the baseline itself, which e2ebench runs as it runs the checker.
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

func main() {
	loopFile := flag.String("loop", "", "run the baseline over this file: net/url.Parse of each line, the error of each rejected one written")
	rounds := flag.Int("rounds", 9, "how many times each command runs")
	ug := flag.String("urlgrammar", "urlgrammar", "the urlgrammar binaries to measure, comma-separated (two builds: an A/B in one run)")
	formats := flag.String("formats", "text,tsv", "the check formats to measure, comma-separated")
	core := flag.Int("core", 0, "the core to run each command on (through taskset), or -1: unpinned, on any core, as a user runs it")
	flag.Usage = func() {
		fmt.Fprintln(flag.CommandLine.Output(), "usage: e2ebench [-rounds N] [-urlgrammar PATH] [-formats text,tsv] [-core N] FILE\n       e2ebench -loop FILE")
		flag.PrintDefaults()
	}
	flag.Parse()
	if *loopFile != "" {
		if err := loopOver(*loopFile); err != nil {
			fmt.Fprintln(os.Stderr, "e2ebench:", err)
			os.Exit(1)
		}
		return
	}
	if flag.NArg() != 1 || *rounds < 1 {
		flag.Usage()
		os.Exit(2)
	}
	if err := compare(os.Stdout, flag.Arg(0), strings.Split(*ug, ","), strings.Split(*formats, ","), *rounds, *core); err != nil {
		fmt.Fprintln(os.Stderr, "e2ebench:", err)
		os.Exit(1)
	}
}

// loopOver runs the baseline over the file: loop, its output to stdout.
func loopOver(name string) error {
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	w := bufio.NewWriterSize(os.Stdout, 64<<10)
	if _, err := loop(f, w); err != nil {
		return err
	}
	return w.Flush()
}

// loop parses each line of r (without its "\n" or "\r\n") with net/url.Parse and writes the
// error of each line it rejects, one a line: a checker's work without the explanations. It
// returns how many lines it read; a line of any length is read whole.
func loop(r io.Reader, w io.Writer) (int, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	lines := 0
	for {
		line, err := br.ReadString('\n')
		if line != "" {
			lines++
			line = strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r")
			if _, perr := url.Parse(line); perr != nil {
				// Two writes, not one of a string made for it: the baseline allocates no
				// more than it must.
				_, werr := io.WriteString(w, perr.Error())
				if werr == nil {
					_, werr = io.WriteString(w, "\n")
				}
				if werr != nil {
					return lines, werr
				}
			}
		}
		if errors.Is(err, io.EOF) {
			return lines, nil
		}
		if err != nil {
			return lines, err
		}
	}
}

// timing is what one run of a command took.
type timing struct{ wall, cpu time.Duration }

// compare runs the baseline and each checker binary in each format over file, one after the
// other, rounds times, each on the core (-1: on any), and writes a table of their median
// times to out.
func compare(out io.Writer, file string, binaries, formats []string, rounds, core int) error {
	self, err := os.Executable()
	if err != nil {
		return err
	}
	type command struct {
		name string
		args []string
	}
	cmds := []command{{"net/url.Parse loop", []string{self, "-loop", file}}}
	for _, f := range formats {
		for _, ug := range binaries {
			name := "check --format " + f
			if len(binaries) > 1 {
				name = ug + " " + name
			}
			cmds = append(cmds, command{name, []string{ug, "check", "--format", f, "-j", "1", file}})
		}
	}
	pin := ""
	if core >= 0 {
		if p, err := exec.LookPath("taskset"); err == nil {
			pin = p
		} else {
			fmt.Fprintln(out, "taskset is not installed: the commands run unpinned, on any core")
		}
	}
	dir, err := os.MkdirTemp("", "e2ebench")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	times := make([][]timing, len(cmds))
	for range rounds {
		for i, c := range cmds {
			args := c.args
			if pin != "" {
				args = append([]string{pin, "-c", strconv.Itoa(core)}, args...)
			}
			t, err := measure(args, filepath.Join(dir, "out"))
			if err != nil {
				return fmt.Errorf("%s: %w", c.name, err)
			}
			times[i] = append(times[i], t)
		}
	}
	where := "unpinned"
	if pin != "" {
		where = "on core " + strconv.Itoa(core)
	}
	fmt.Fprintf(out, "%s, %d rounds, %s, medians; ratio: the loop's time over the command's\n", file, rounds, where)
	base := median(times[0])
	width := 0
	for _, c := range cmds {
		width = max(width, len(c.name))
	}
	for i, c := range cmds {
		m := median(times[i])
		fmt.Fprintf(out, "%-*s wall %6.3f s (%.3fx)  CPU %6.3f s (%.3fx)\n", width, c.name,
			m.wall.Seconds(), base.wall.Seconds()/m.wall.Seconds(), m.cpu.Seconds(), base.cpu.Seconds()/m.cpu.Seconds())
	}
	return nil
}

// measure runs args with its output to the file out (truncated) and returns its wall time and
// its CPU time (user and system). An exit status of 1 is the checker's for invalid lines, not
// an error; another status is.
func measure(args []string, out string) (timing, error) {
	f, err := os.Create(out)
	if err != nil {
		return timing{}, err
	}
	defer f.Close()
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stdout = f
	var stderr strings.Builder
	cmd.Stderr = &stderr
	start := time.Now()
	err = cmd.Run()
	wall := time.Since(start)
	if ee, ok := err.(*exec.ExitError); ok && ee.ExitCode() == 1 {
		err = nil
	}
	if err != nil {
		return timing{}, fmt.Errorf("%v: %s", err, strings.TrimSpace(stderr.String()))
	}
	return timing{wall, cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()}, nil
}

// median returns the median wall time and the median CPU time of ts (the upper middle one of
// an even number), each on its own.
func median(ts []timing) timing {
	walls, cpus := make([]time.Duration, len(ts)), make([]time.Duration, len(ts))
	for i, t := range ts {
		walls[i], cpus[i] = t.wall, t.cpu
	}
	slices.Sort(walls)
	slices.Sort(cpus)
	return timing{walls[len(ts)/2], cpus[len(ts)/2]}
}
