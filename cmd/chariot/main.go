package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"sort"
	"strings"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// Exit statuses.
const (
	exitOK    = 0
	exitError = 1
	exitUsage = 2
)

// command is one subcommand.
type command struct {
	summary string
	run     func(args []string, stdout, stderr io.Writer) int
}

// registered holds the subcommands that live in files of their own and add
// themselves with register at init.
var registered = map[string]command{}

func register(name string, c command) {
	if _, dup := registered[name]; dup {
		panic("chariot: command registered twice: " + name)
	}
	registered[name] = c
}

// commands lists the subcommands by name.
func commands() map[string]command {
	cmds := map[string]command{
		"games":  {"list the games and their options", runGames},
		"agents": {"list the agents and their options", runAgents},
		"play":   {"play one game with an agent at every seat", runPlay},
		"bench":  {"play many games with each agent and compare their scores", runBench},
	}
	for n, c := range registered {
		cmds[n] = c
	}
	return cmds
}

// run is the whole command, testable: it returns the exit status.
func run(args []string, stdout, stderr io.Writer) (status int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "chariot: internal error: %v\n%s", r, debug.Stack())
			status = exitError
		}
	}()
	cmds := commands()
	names := make([]string, 0, len(cmds))
	for n := range cmds {
		names = append(names, n)
	}
	sort.Strings(names)
	if len(args) == 0 {
		fmt.Fprintf(stderr, "chariot: no command (commands: %s); run \"chariot help\"\n", strings.Join(names, ", "))
		return exitUsage
	}
	switch args[0] {
	case "help", "-h", "-help", "--help":
		fmt.Fprintln(stdout, "usage: chariot <command> [flags]")
		fmt.Fprintln(stdout)
		fmt.Fprintln(stdout, "commands:")
		for _, n := range names {
			fmt.Fprintf(stdout, "  %-7s %s\n", n, cmds[n].summary)
		}
		fmt.Fprintln(stdout)
		fmt.Fprintln(stdout, `Run "chariot <command> -h" for the flags of a command.`)
		return exitOK
	}
	c, ok := cmds[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "chariot: unknown command %q (commands: %s)\n", args[0], strings.Join(names, ", "))
		return exitUsage
	}
	return c.run(args[1:], stdout, stderr)
}

// parseFlags parses a subcommand's flags. It returns -1 to go on, or the
// exit status: 0 after -h, which prints the flags to stdout, and 2 after a
// usage error, which prints one line to stderr.
func parseFlags(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) int {
	fs.SetOutput(io.Discard)
	err := fs.Parse(args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		fs.SetOutput(stdout)
		fmt.Fprintf(stdout, "usage: chariot %s [flags]\n", fs.Name())
		fs.PrintDefaults()
		return exitOK
	case err != nil:
		return usageError(stderr, fs.Name(), flagMessage(err))
	case fs.NArg() > 0:
		return usageError(stderr, fs.Name(), fmt.Sprintf("unexpected argument %q", fs.Arg(0)))
	}
	return -1
}

// flagMessage rewords the flag package's errors as one short line.
func flagMessage(err error) string {
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: "); ok {
		return "unknown flag " + name
	}
	return strings.ReplaceAll(msg, "\n", " ")
}

// usageError prints one line and returns the usage status.
func usageError(stderr io.Writer, cmd, msg string) int {
	fmt.Fprintf(stderr, "chariot %s: %s\n", cmd, msg)
	return exitUsage
}

// fail prints an error as one line and returns the error status.
func fail(stderr io.Writer, err error) int {
	fmt.Fprintf(stderr, "chariot: %s\n", strings.ReplaceAll(err.Error(), "\n", " "))
	return exitError
}
