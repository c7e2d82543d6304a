package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"slices"
	"strings"
	"time"

	"github.com/chariot-ai/chariot/advise"
	"github.com/chariot-ai/chariot/advise/web"
)

func init() {
	register("serve", command{"serve the move advisor of any game as a local web page", runServe})
}

func runServe(args []string, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	return serveMain(ctx, args, stdout, stderr, nil)
}

// serveMain is serve with its context given, for tests; ready, if not nil,
// gets the address once the server listens.
func serveMain(ctx context.Context, args []string, stdout, stderr io.Writer, ready func(addr string)) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	sf := addSessionFlags(fs)
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on (keep it on loopback: the page has no login)")
	dir := fs.String("dir", ".", "directory of the games saved and loaded from the page")
	hosts := fs.String("host", "", "comma-separated host names the page is reached by, besides IP addresses and localhost (a request naming another host is refused, against DNS rebinding)")
	if st := parseFlags(fs, args, stdout, stderr); st >= 0 {
		return st
	}
	s, a, note, err := sf.open()
	if err != nil {
		return fail(stderr, err)
	}
	if st, err := os.Stat(*dir); err != nil || !st.IsDir() {
		return usageError(stderr, "serve", fmt.Sprintf("--dir %q is not a directory", *dir))
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return fail(stderr, err)
	}
	local := isLoopback(ln.Addr())
	var served []string
	for h := range strings.SplitSeq(*hosts, ",") {
		if h = strings.TrimSpace(h); h != "" {
			served = append(served, h)
		}
	}
	srv, err := web.New(s, a, web.Options{Dir: *dir, Futures: sf.forecastFutures(), Hosts: served, Autosave: autosaveBase(s, *sf.autosave)})
	if err != nil {
		ln.Close()
		return fail(stderr, err)
	}
	defer srv.Close()
	hs := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: 10 * time.Second, ReadTimeout: time.Minute, IdleTimeout: 2 * time.Minute}
	fmt.Fprintf(stdout, "chariot serve: the %s advisor on http://%s/ (Ctrl-C to stop)\n", s.Game().Name(), ln.Addr())
	if note != "" {
		fmt.Fprintln(stdout, note)
	}
	if !local {
		fmt.Fprintln(stdout, "warning: listening beyond this machine; anyone who reaches it can play and save games in --dir (it answers only IP addresses, localhost and the names of --host)")
	}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	if ready != nil {
		ready(ln.Addr().String())
	}
	select {
	case err := <-errc:
		return fail(stderr, err)
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := hs.Shutdown(sctx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fail(stderr, err)
	}
	fmt.Fprintln(stdout, resumeHint("serve", srv.Session(), *sf.autosave))
	return exitOK
}

// autosaveBase is the file the page's new games are named after: the
// --autosave file, where the session autosaves to it or beside it.
func autosaveBase(s *advise.Session, flag string) string {
	if p := s.AutosavePath(); p != "" && slices.Contains(advise.Autosaves(flag), p) {
		return flag
	}
	return s.AutosavePath()
}

func isLoopback(a net.Addr) bool {
	ta, ok := a.(*net.TCPAddr)
	return ok && ta.IP.IsLoopback()
}
