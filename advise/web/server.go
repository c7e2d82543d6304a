package web

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"slices"
	"strings"
	"sync"

	"github.com/chariot-ai/chariot/advise"
)

//go:embed static
var static embed.FS

// Options configure a Server.
type Options struct {
	// Dir is the directory of named saves (save and load take a plain file
	// name in it); default ".".
	Dir string
	// Futures is the number of futures of the forecast made with each
	// suggestion and on request; 0 means advise.DefaultFutures, negative
	// none.
	Futures int
	// Hosts are the host names the page is served by, besides IP
	// addresses and localhost: a request whose Host is another name is
	// refused, on the loopback and off it, so that a page of another site
	// whose name is made to point here (DNS rebinding) cannot use the API.
	Hosts []string
	// Autosave is the autosave file the games New game starts are named
	// after (NAME-2.EXT, NAME-3.EXT, ... beside it); default the session's
	// own at the start.
	Autosave string
}

// Server serves one session to a page. Every handler takes the mutex; the
// search runs outside it on a copy of the position.
type Server struct {
	opts Options
	adv  *advise.Advisor

	mu      sync.Mutex
	sess    *advise.Session
	prev    *advise.Session // the game before the last New game, for its undo
	prevLog []string
	version uint64 // bumped on every change of position
	job     *job   // the latest suggestion, running or done
	jobs    uint64
	log     []string // recent steps, for the page

	// startTools are the agents the tool played the seats by at the start:
	// the page may bring them back though they read files.
	startTools []string
	// forecast stops the forecast in progress (at most one at a time),
	// forecasts counts those running.
	forecast  context.CancelFunc
	forecasts int
	slot      chan struct{} // held by the forecast that runs

	base   context.Context // parent of every search; canceled by Close
	stop   context.CancelFunc
	search sync.WaitGroup
}

// New serves sess with suggestions from adv. The page draws the game's
// board where it offers one (env.BoardDrawer).
func New(sess *advise.Session, adv *advise.Advisor, o Options) (*Server, error) {
	if o.Dir == "" {
		o.Dir = "."
	}
	if o.Futures == 0 {
		o.Futures = advise.DefaultFutures
	}
	if o.Autosave == "" {
		o.Autosave = sess.AutosavePath()
	}
	base, stop := context.WithCancel(context.Background())
	s := &Server{opts: o, adv: adv, sess: sess, base: base, stop: stop, startTools: sess.Tool(), slot: make(chan struct{}, 1)}
	// A resumed game shows how it got here.
	s.log = sess.Recent(maxLog)
	if err := s.toolLocked(); err != nil && !advise.IsAutosave(err) { // the tool's seat may open the game
		stop()
		return nil, fmt.Errorf("the tool's move: %w", err)
	}
	return s, nil
}

// Session is the game being played.
func (s *Server) Session() *advise.Session {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.sess
}

// Forecasts counts the forecasts being made for clients.
func (s *Server) Forecasts() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.forecasts
}

// Close cancels a running search and waits for it.
func (s *Server) Close() {
	s.stop()
	s.search.Wait()
}

// Handler routes the page and the API:
//
//	GET  /api/state           the position, legal moves, pending die, the suggestion
//	GET  /api/map             the board: cells, links, shapes (env.Board)
//	GET  /api/suggest         the suggestion: status, progress, moves, forecast
//	GET  /api/saves           saved games in the save directory
//	POST /api/new             {"seed": 7}: a new game (autosaved to a file of its own)
//	POST /api/new/undo        back to the game before the last new game
//	POST /api/roll            {"face": "7"} or {"face": "r"}: the die
//	POST /api/move            {"move": "3"} or {"move": "to Old Mole landing stage"}: a decision
//	POST /api/undo            take back the last step
//	POST /api/edit            {"cmd": "set Birney pinned"}: correct the position by hand (env.Editor)
//	POST /api/seats           {"seat": "German", "opponent": "withdrawal"}: the tool plays the other seats ({"seat": ""}: none)
//	POST /api/save, /api/load {"file": "game.json"}
//	POST /api/suggest         start a search (answers its status)
//	POST /api/suggest/cancel  stop it
//	POST /api/forecast        {"move": "..."}: the German forecast after a move
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	sub, err := fs.Sub(static, "static")
	if err != nil {
		panic(err) // the embedded tree is fixed at build time
	}
	files := http.FileServerFS(sub)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			writeError(w, http.StatusMethodNotAllowed, "the page is read with GET")
			return
		}
		files.ServeHTTP(w, r)
	})
	mux.HandleFunc("GET /api/state", s.get(s.stateJSON))
	mux.HandleFunc("GET /api/map", s.getMap)
	mux.HandleFunc("GET /api/saves", s.getSaves)
	mux.HandleFunc("GET /api/suggest", s.get(s.jobJSON))
	mux.HandleFunc("POST /api/new", post(s.postNew))
	mux.HandleFunc("POST /api/new/undo", post(s.postNewUndo))
	mux.HandleFunc("POST /api/roll", post(s.postRoll))
	mux.HandleFunc("POST /api/move", post(s.postMove))
	mux.HandleFunc("POST /api/undo", post(s.postUndo))
	mux.HandleFunc("POST /api/edit", post(s.postEdit))
	mux.HandleFunc("POST /api/seats", post(s.postSeats))
	mux.HandleFunc("POST /api/save", post(s.postSave))
	mux.HandleFunc("POST /api/load", post(s.postLoad))
	mux.HandleFunc("POST /api/suggest", post(s.postSuggest))
	mux.HandleFunc("POST /api/suggest/cancel", post(s.postCancel))
	mux.HandleFunc("POST /api/forecast", post(s.postForecast))
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, fmt.Sprintf("no API endpoint %s %s", r.Method, r.URL.Path))
	})
	return s.guard(mux)
}

// guard is the outer layer: recover, host and origin checks, headers.
func (s *Server) guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				writeError(w, http.StatusInternalServerError, fmt.Sprintf("internal error: %v", v))
			}
		}()
		h := w.Header()
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Content-Security-Policy", "default-src 'self'; frame-ancestors 'none'")
		h.Set("Cache-Control", "no-store")
		if !s.servedHost(r.Host) {
			writeError(w, http.StatusForbidden, fmt.Sprintf("host %q is not served here (chariot serve --host names the host names it serves)", r.Host))
			return
		}
		// The Host is one served here; a page of another origin may not
		// use it (browsers send Origin with every POST).
		if o := r.Header.Get("Origin"); o != "" && o != "http://"+r.Host && o != "https://"+r.Host {
			writeError(w, http.StatusForbidden, fmt.Sprintf("origin %q may not use this server", o))
			return
		}
		next.ServeHTTP(w, r)
	})
}

// servedHost reports whether a request's Host names this server: an IP
// address (which no other site's page can have as its own origin),
// localhost, or one of Options.Hosts.
func (s *Server) servedHost(hostport string) bool {
	host, _, err := net.SplitHostPort(hostport)
	if err != nil {
		host = hostport
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	if host == "" {
		return false
	}
	if net.ParseIP(host) != nil || strings.EqualFold(host, "localhost") {
		return true
	}
	return slices.ContainsFunc(s.opts.Hosts, func(h string) bool { return strings.EqualFold(h, host) })
}

// changedLocked records a new position: the running search is stale.
func (s *Server) changedLocked(step string) {
	s.version++
	if s.job != nil && s.job.cancel != nil {
		s.job.cancel()
	}
	s.job = nil
	if step != "" {
		s.log = append(s.log, step)
		if len(s.log) > maxLog {
			s.log = s.log[len(s.log)-maxLog:]
		}
	}
}

// maxLog is how many recent steps the page shows.
const maxLog = 30
