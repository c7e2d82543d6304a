// Command trackcheck fails when the tree tracks a compiled binary, or a
// file over 2 MB outside the folders whose data needs the room: a test
// binary committed by accident grows every clone for ever.
//
//	go run ./.ci/trackcheck
package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
)

// maxSize is the largest file tracked outside bigOK.
const maxSize = 2 << 20

// bigOK are the folders whose files may be larger: the notebooks' data and
// the shipped models, which are read as they are, and the results files
// of the guide's figures.
var bigOK = []string{"notebooks/data/", "train/models/", "docs/results/"}

// magics are the first bytes of executables and object files: ELF, Mach-O
// (both byte orders, 32 and 64 bits, universal) and archives.
var magics = [][]byte{
	[]byte("\x7fELF"),
	{0xfe, 0xed, 0xfa, 0xce}, {0xce, 0xfa, 0xed, 0xfe},
	{0xfe, 0xed, 0xfa, 0xcf}, {0xcf, 0xfa, 0xed, 0xfe},
	{0xca, 0xfe, 0xba, 0xbe},
	[]byte("!<arch>\n"),
}

func main() {
	out, err := exec.Command("git", "ls-files", "-z").Output()
	if err != nil {
		fmt.Fprintln(os.Stderr, "trackcheck: git ls-files:", err)
		os.Exit(2)
	}
	var bad []string
	for _, path := range strings.Split(strings.TrimRight(string(out), "\x00"), "\x00") {
		if path == "" {
			continue
		}
		problem, err := check(path)
		if err != nil {
			fmt.Fprintln(os.Stderr, "trackcheck:", err)
			os.Exit(2)
		}
		if problem != "" {
			bad = append(bad, path+": "+problem)
		}
	}
	if len(bad) > 0 {
		fmt.Fprintln(os.Stderr, "trackcheck: files that should not be tracked (git rm --cached them):")
		for _, b := range bad {
			fmt.Fprintln(os.Stderr, "  "+b)
		}
		os.Exit(1)
	}
}

// check returns what is wrong with tracking path, or "".
func check(path string) (string, error) {
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		return "", nil // deleted in the work tree, not yet committed
	}
	if err != nil {
		return "", err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || st.IsDir() {
		return "", err
	}
	head := make([]byte, 8)
	n, _ := io.ReadFull(f, head)
	head = head[:n]
	for _, m := range magics {
		if bytes.HasPrefix(head, m) {
			return "a compiled binary", nil
		}
	}
	if st.Size() > maxSize && !underAny(path, bigOK) {
		return fmt.Sprintf("%.1f MB, over the 2 MB allowed outside %s", float64(st.Size())/(1<<20), strings.Join(bigOK, ", ")), nil
	}
	return "", nil
}

func underAny(path string, dirs []string) bool {
	for _, d := range dirs {
		if strings.HasPrefix(path, d) {
			return true
		}
	}
	return false
}
