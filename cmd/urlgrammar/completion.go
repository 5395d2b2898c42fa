package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/urlgrammar/urlgrammar"
)

const helpCompletion = `Prints a completion script for bash, zsh or fish: the commands, each command's flags with
their help, and the grammar ids after -g. Load it in the shell's start-up file:

    bash: source <(urlgrammar completion bash)
    zsh:  source <(urlgrammar completion zsh)
    fish: urlgrammar completion fish | source`

const helpMan = `Prints the manual page urlgrammar(1) in roff: every command with its synopsis, its help
and its flags, as urlgrammar help prints them. Read it with: urlgrammar man | man -l -`

// cmdFlags returns a command's flags, as its --help would list them.
func cmdFlags(c *command) []*flag.Flag {
	var flags []*flag.Flag
	e := &env{ctx: context.Background(), stdin: strings.NewReader(""), out: newOutput(io.Discard), stderr: io.Discard, cmd: c,
		onHelp: func(fs *flag.FlagSet) { fs.VisitAll(func(f *flag.Flag) { flags = append(flags, f) }) }}
	c.run(e, []string{"--help"})
	return flags
}

// dashName is a flag as the help writes it: -g, -j, -o for one letter, --name otherwise (the
// flag package takes either).
func dashName(f *flag.Flag) string {
	if len(f.Name) == 1 {
		return "-" + f.Name
	}
	return "--" + f.Name
}

// isBool reports whether a flag takes no value.
func isBool(f *flag.Flag) bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

func runCompletion(e *env, args []string) int {
	fs := e.flags()
	pos, code, ok := e.parse(fs, args)
	if !ok {
		return code
	}
	if len(pos) != 1 {
		return e.usageError("completion takes one shell: bash, zsh or fish")
	}
	var b bytes.Buffer
	switch pos[0] {
	case "bash", "zsh":
		writeBashCompletion(&b, pos[0] == "zsh")
	case "fish":
		writeFishCompletion(&b)
	default:
		return e.usageError("unknown shell %q (bash, zsh, fish)", pos[0])
	}
	e.out.Write(b.Bytes())
	return exitOK
}

func commandNames() []string {
	var names []string
	for _, c := range commands {
		names = append(names, c.name)
	}
	return names
}

// writeBashCompletion writes a bash completion function (zsh runs it through bashcompinit).
func writeBashCompletion(b *bytes.Buffer, zsh bool) {
	b.WriteString("# urlgrammar completion for " + map[bool]string{false: "bash", true: "zsh"}[zsh] + ", made by `urlgrammar completion`.\n")
	if zsh {
		b.WriteString("autoload -U +X bashcompinit && bashcompinit\n")
	}
	b.WriteString("_urlgrammar() {\n\tlocal cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"${COMP_WORDS[COMP_CWORD-1]}\" opts=\"\"\n")
	fmt.Fprintf(b, "\tif [ \"$COMP_CWORD\" -eq 1 ]; then\n\t\tCOMPREPLY=($(compgen -W %q -- \"$cur\"))\n\t\treturn\n\tfi\n", strings.Join(commandNames(), " "))
	fmt.Fprintf(b, "\tcase \"$prev\" in\n\t-g|--g)\n\t\tCOMPREPLY=($(compgen -W %q -- \"$cur\"))\n\t\treturn ;;\n\tesac\n", strings.Join(append(urlgrammar.IDs(), "all"), " "))
	b.WriteString("\tcase \"${COMP_WORDS[1]}\" in\n")
	for _, c := range commands {
		var opts []string
		for _, f := range cmdFlags(c) {
			opts = append(opts, dashName(f))
		}
		switch c.name {
		case "help":
			opts = commandNames()
		case "completion":
			opts = []string{"bash", "zsh", "fish"}
		}
		if len(opts) > 0 {
			fmt.Fprintf(b, "\t%s) opts=%q ;;\n", c.name, strings.Join(opts, " "))
		}
	}
	b.WriteString("\tesac\n")
	b.WriteString("\tif [[ \"$cur\" == -* || \"${COMP_WORDS[1]}\" == help || \"${COMP_WORDS[1]}\" == completion ]]; then\n\t\tCOMPREPLY=($(compgen -W \"$opts\" -- \"$cur\"))\n\t\treturn\n\tfi\n")
	b.WriteString("\tCOMPREPLY=($(compgen -f -- \"$cur\"))\n}\ncomplete -F _urlgrammar urlgrammar\n")
}

// writeFishCompletion writes fish's complete commands.
func writeFishCompletion(b *bytes.Buffer) {
	b.WriteString("# urlgrammar completion for fish, made by `urlgrammar completion fish`.\n")
	b.WriteString("complete -c urlgrammar -f\n")
	for _, c := range commands {
		fmt.Fprintf(b, "complete -c urlgrammar -n __fish_use_subcommand -a %s -d %s\n", c.name, fishQuote(c.summary))
	}
	for _, c := range commands {
		for _, f := range cmdFlags(c) {
			opt := "-l " + f.Name
			if len(f.Name) == 1 {
				opt = "-s " + f.Name // -g, -j, -o: written with one dash
			}
			_, usage := flag.UnquoteUsage(f)
			line := fmt.Sprintf("complete -c urlgrammar -n '__fish_seen_subcommand_from %s' %s -d %s", c.name, opt, fishQuote(firstSentence(usage)))
			if f.Name == "g" {
				line += " -x -a " + fishQuote(strings.Join(append(urlgrammar.IDs(), "all"), " "))
			} else if !isBool(f) {
				line += " -r"
			}
			b.WriteString(line + "\n")
		}
	}
	b.WriteString("complete -c urlgrammar -n '__fish_seen_subcommand_from help' -x -a " + fishQuote(strings.Join(commandNames(), " ")) + "\n")
	b.WriteString("complete -c urlgrammar -n '__fish_seen_subcommand_from completion' -x -a 'bash zsh fish'\n")
	for _, c := range []string{"check", "extract", "diff"} {
		b.WriteString("complete -c urlgrammar -n '__fish_seen_subcommand_from " + c + "' -F\n")
	}
}

func fishQuote(s string) string {
	return "'" + strings.ReplaceAll(strings.ReplaceAll(s, `\`, `\\`), "'", `\'`) + "'"
}

func firstSentence(s string) string {
	if i := strings.Index(s, ": "); i > 0 && i < 60 {
		return s[:i]
	}
	if len(s) > 80 {
		return s[:77] + "..."
	}
	return s
}

func runMan(e *env, args []string) int {
	fs := e.flags()
	pos, code, ok := e.parse(fs, args)
	if !ok {
		return code
	}
	if len(pos) != 0 {
		return e.usageError("man takes no arguments")
	}
	var b bytes.Buffer
	writeMan(&b)
	e.out.Write(b.Bytes())
	return exitOK
}

// roff escapes text for a man page: backslashes, and a line that starts with "." or "'".
func roff(s string) string {
	s = strings.ReplaceAll(s, `\`, `\e`)
	s = strings.ReplaceAll(s, "-", `\-`)
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.HasPrefix(l, ".") || strings.HasPrefix(l, "'") {
			l = `\&` + l
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n")
}

// writeMan writes urlgrammar(1): the commands' synopses, help and flags.
func writeMan(b *bytes.Buffer) {
	// The date of the build's source (SOURCE_DATE_EPOCH, for reproducible pages), or today.
	date := time.Now().UTC()
	if sec, err := strconv.ParseInt(os.Getenv("SOURCE_DATE_EPOCH"), 10, 64); err == nil {
		date = time.Unix(sec, 0).UTC()
	}
	fmt.Fprintf(b, ".TH URLGRAMMAR 1 %q %q \"urlgrammar manual\"\n", date.Format("2006-01-02"), "urlgrammar "+version())
	b.WriteString(".SH NAME\nurlgrammar \\- exact parsers for the URL specifications: check, parse, resolve, extract\n")
	b.WriteString(".SH SYNOPSIS\n.B urlgrammar\n.I command\n[\\fIflags\\fR] [\\fIargs\\fR]\n")
	b.WriteString(".SH DESCRIPTION\n" + roff("urlgrammar checks URLs against the grammars of the URL specifications, exactly: RFC 3986 (the default), RFC 3987, and the drafts and RFCs before them ("+strings.Join(urlgrammar.IDs(), ", ")+"). Every command that takes inputs reads them from standard input, one per line, when given none or -.") + "\n")
	b.WriteString(".SH COMMANDS\n")
	for _, c := range commands {
		fmt.Fprintf(b, ".SS %s\n.B urlgrammar %s\n%s\n.PP\n%s.\n", c.name, c.name, roff(c.synopsis), roff(capitalize(c.summary)))
		if c.help != "" {
			b.WriteString(".PP\n" + roff(c.help) + "\n")
		}
		for _, f := range cmdFlags(c) {
			arg, usage := flag.UnquoteUsage(f)
			head := "\\fB" + roff(dashName(f)) + "\\fR"
			if arg != "" {
				head += " \\fI" + roff(arg) + "\\fR"
			}
			if f.DefValue != "" && f.DefValue != "false" {
				usage += " (default " + f.DefValue + ")"
			}
			fmt.Fprintf(b, ".TP\n%s\n%s\n", head, roff(usage))
		}
		b.WriteString(".PP\n" + roff(exitHelp(c.name)) + ".\n")
	}
	b.WriteString(".SH SEE ALSO\nThe documentation in the source: README.md and docs/ (cli.md for the command line).\n")
	fmt.Fprintf(b, ".SH VERSION\nurlgrammar %s, built with %s.\n", version(), runtime.Version())
}
