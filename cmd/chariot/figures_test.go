package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The guide's figures (README.md, docs/*.md and train/models/README.md)
// are never typed: each lies between a marker naming where it comes from
// and an end marker, and TestGuideFigures rebuilds it (-update writes it).
// Two kinds of marker:
//
//	<!-- figure: chariot CMD ... --out FILE ... -->   what CMD prints when it
//	    resumes the committed results file FILE: it plays no game, and reports
//	    every game of the file (bench, metagame);
//	<!-- figure cheap: chariot CMD ... -->            the same, and the command
//	    is run again from nothing, which must give FILE's rows (all but their
//	    wall times): a run of seconds, so CI checks that it still does;
//	<!-- figure cheap: chariot CMD ... -->            (no --out) what CMD prints,
//	    run every time;
//	<!-- figure: file PATH -->                        the committed text file
//	    PATH, verbatim: the output of a run too long to replay.
//
// and, after the figure, <!-- figure: end -->.
var (
	figureMarker = regexp.MustCompile(`(?m)^<!-- figure( cheap)?: (.+?) -->\n`)
	figureEnd    = "<!-- figure: end -->\n"
)

// TestGuideFigures: every figure in the guide is what its file gives.
func TestGuideFigures(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	pages, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	pages = append(pages, filepath.Join(root, "README.md"), filepath.Join(root, "train", "models", "README.md"))
	t.Chdir(root) // the commands name their files from the repository's root
	figures := 0
	for _, page := range pages {
		text, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(root, page)
		updated, n, err := rebuildFigures(t, string(text))
		figures += n
		if err != nil {
			t.Errorf("%s: %v", rel, err)
			continue
		}
		if updated == string(text) {
			continue
		}
		if !*update {
			t.Errorf("%s: a figure differs from what its file gives: run go test ./cmd/chariot -run TestGuideFigures -update, and read the diff\n%s", rel, firstDifference(string(text), updated))
			continue
		}
		if err := os.WriteFile(page, []byte(updated), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if figures == 0 {
		t.Fatal("no figure markers found in the guide")
	}
}

// rebuildFigures returns page with every figure rebuilt, and how many it has.
func rebuildFigures(t *testing.T, page string) (string, int, error) {
	var b strings.Builder
	n := 0
	for {
		loc := figureMarker.FindStringSubmatchIndex(page)
		if loc == nil {
			b.WriteString(page)
			return b.String(), n, nil
		}
		marker := page[loc[0]:loc[1]]
		cheap, source := loc[2] >= 0, page[loc[4]:loc[5]]
		rest := page[loc[1]:]
		end := strings.Index(rest, figureEnd)
		if end < 0 {
			return "", n, fmt.Errorf("figure %q has no end marker", source)
		}
		body, err := figure(t, source, cheap)
		if err != nil {
			return "", n, fmt.Errorf("figure %q: %v", source, err)
		}
		n++
		b.WriteString(page[:loc[0]])
		b.WriteString(marker)
		b.WriteString("```text\n" + body + "```\n")
		b.WriteString(figureEnd)
		page = rest[end+len(figureEnd):]
	}
}

// figure builds the text of one figure from its source.
func figure(t *testing.T, source string, cheap bool) (string, error) {
	if path, ok := strings.CutPrefix(source, "file "); ok {
		if cheap {
			return "", fmt.Errorf("a file cannot be rerun")
		}
		text, err := os.ReadFile(path)
		if err != nil {
			return "", err
		}
		return string(text), nil
	}
	args, err := splitWords(source)
	if err != nil {
		return "", err
	}
	if len(args) < 2 || args[0] != "chariot" {
		return "", fmt.Errorf("not a chariot command")
	}
	args = args[1:]
	out := slices.Index(args, "--out")
	if out < 0 {
		// No results file: the figure is what the command prints, so it
		// must be cheap enough to run every time.
		if !cheap {
			return "", fmt.Errorf("a command without --out FILE.jsonl is run to check its figure, so it must be marked cheap")
		}
		return runFigure(args, t.TempDir())
	}
	if out+1 >= len(args) || !strings.HasSuffix(args[out+1], ".jsonl") {
		return "", fmt.Errorf("the command's --out is not a FILE.jsonl to rebuild the figure from")
	}
	if slices.Contains(args, "--resume") {
		return "", fmt.Errorf("the command is the one that made the file, without --resume")
	}
	committed := args[out+1]
	// Resume a copy, so that the committed file is never written.
	dir := t.TempDir()
	replay := slices.Clone(args)
	replay[out+1] = filepath.Join(dir, filepath.Base(committed))
	if err := copyFile(committed, replay[out+1]); err != nil {
		return "", err
	}
	stdout, err := runFigure(append(replay, "--resume", "--quiet"), dir)
	if err != nil {
		return "", err
	}
	if cheap && !testing.Short() {
		fresh := slices.Clone(args)
		fresh[out+1] = filepath.Join(dir, "fresh-"+filepath.Base(committed))
		if _, err := runFigure(append(fresh, "--quiet"), dir); err != nil {
			return "", err
		}
		if err := sameRowSet(committed, fresh[out+1]); err != nil {
			return "", fmt.Errorf("rerun from nothing: %v", err)
		}
	}
	return stdout, nil
}

// runFigure runs a chariot command in process; its other files (--json)
// go to dir.
func runFigure(args []string, dir string) (string, error) {
	args = slices.Clone(args)
	if j := slices.Index(args, "--json"); j >= 0 && j+1 < len(args) {
		args[j+1] = filepath.Join(dir, "analysis.json")
	}
	var stdout, stderr bytes.Buffer
	if status := run(args, &stdout, &stderr); status != 0 {
		return "", fmt.Errorf("exit %d: %s", status, strings.TrimSpace(stderr.String()))
	}
	return stdout.String(), nil
}

// sameRowSet fails unless two results files hold the same rows in any order,
// wall times aside (they are the only field a machine changes).
func sameRowSet(want, got string) error {
	a, err := rowsWithoutTime(want)
	if err != nil {
		return err
	}
	b, err := rowsWithoutTime(got)
	if err != nil {
		return err
	}
	if len(a) != len(b) {
		return fmt.Errorf("%s has %d rows, the rerun %d", want, len(a), len(b))
	}
	// Workers finish games in any order; the rows are the same set.
	slices.Sort(a)
	slices.Sort(b)
	for i := range a {
		if a[i] != b[i] {
			return fmt.Errorf("%s has a row the rerun does not give:\n%s\nthe rerun's:\n%s", want, a[i], b[i])
		}
	}
	return nil
}

func rowsWithoutTime(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var rows []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var row map[string]any
		dec := json.NewDecoder(bytes.NewReader(sc.Bytes()))
		dec.UseNumber() // a seed does not fit a float64
		if err := dec.Decode(&row); err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
		delete(row, "wall_ns")
		canon, err := json.Marshal(row) // map keys sorted
		if err != nil {
			return nil, err
		}
		rows = append(rows, string(canon))
	}
	return rows, sc.Err()
}

func copyFile(from, to string) error {
	b, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	return os.WriteFile(to, b, 0o644)
}

// splitWords splits a command line as a POSIX shell would for words, single
// and double quotes (without escapes or expansions, which no figure needs).
func splitWords(s string) ([]string, error) {
	var words []string
	var w strings.Builder
	inWord := false
	var quote rune
	for _, r := range s {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			w.WriteRune(r)
		case r == '\'' || r == '"':
			quote, inWord = r, true
		case r == ' ' || r == '\t':
			if inWord {
				words = append(words, w.String())
				w.Reset()
				inWord = false
			}
		default:
			w.WriteRune(r)
			inWord = true
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("unclosed quote")
	}
	if inWord {
		words = append(words, w.String())
	}
	return words, nil
}

// firstDifference shows the first line where two texts part.
func firstDifference(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < len(al) && i < len(bl); i++ {
		if al[i] != bl[i] {
			return fmt.Sprintf("line %d:\n  the page: %s\n  its file: %s", i+1, al[i], bl[i])
		}
	}
	return fmt.Sprintf("the page has %d lines, what its files give %d", len(al), len(bl))
}

// TestGuideFiguresCatchAChange: a figure that no longer matches its file is
// found (a typed change to a table, as the staleness check must see).
func TestGuideFiguresCatchAChange(t *testing.T) {
	dir := t.TempDir()
	results := filepath.Join(dir, "pig.jsonl")
	cmd := "chariot bench --game pig --agents random,holdat --games 20 --seed 3 --out " + results
	args, _ := splitWords(cmd)
	if _, err := runFigure(append(args[1:], "--quiet"), dir); err != nil {
		t.Fatal(err)
	}
	page := "intro\n<!-- figure cheap: " + cmd + " -->\nstale\n" + figureEnd + "outro\n"
	fixed, n, err := rebuildFigures(t, page)
	if err != nil || n != 1 {
		t.Fatalf("%d figures, %v", n, err)
	}
	if fixed == page || !strings.Contains(fixed, "random") || !strings.HasSuffix(fixed, figureEnd+"outro\n") {
		t.Fatalf("the stale figure was not rebuilt:\n%s", fixed)
	}
	again, _, err := rebuildFigures(t, fixed)
	if err != nil || again != fixed {
		t.Fatalf("a rebuilt figure is not stable: %v", err)
	}
	changed := strings.Replace(fixed, "| random", "| rаndom", 1) // one typed letter
	if back, _, _ := rebuildFigures(t, changed); back == changed {
		t.Fatal("a changed figure was not caught")
	}
	// A file whose rows a rerun no longer gives fails the cheap check.
	b, _ := os.ReadFile(results)
	os.WriteFile(results, bytes.Replace(b, []byte(`"decisions":`), []byte(`"decisions":9`), 1), 0o644)
	if _, _, err := rebuildFigures(t, fixed); err == nil && !testing.Short() {
		t.Fatal("a results file the command no longer gives was not caught")
	}
}
