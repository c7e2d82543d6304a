package web

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/chariot-ai/chariot/advise"
	"github.com/chariot-ai/chariot/env"
)

// job is one suggestion: a search on a copy of the position in its own
// goroutine, then a forecast of its top move. Its fields are guarded by
// the server's mutex.
type job struct {
	id       uint64
	version  uint64 // the position it advises on
	cancel   context.CancelFunc
	started  time.Time
	ended    time.Time
	running  bool
	canceled bool
	err      string
	sugg     advise.Suggestion
	forecast *advise.Forecast
}

// jobBody is a suggestion's status for the page.
type jobBody struct {
	ID         uint64            `json:"id"`
	Version    uint64            `json:"version"`
	Status     string            `json:"status"` // idle, running, done, canceled, error
	Error      string            `json:"error,omitempty"`
	Progress   float64           `json:"progress"`
	ElapsedMS  int64             `json:"elapsed_ms"`
	BudgetMS   int64             `json:"budget_ms"`
	Suggestion advise.Suggestion `json:"suggestion"`
	Forecast   *advise.Forecast  `json:"forecast"`
}

func (s *Server) jobJSON() any { return s.jobLocked() }

func (s *Server) jobLocked() jobBody {
	j := s.job
	if j == nil {
		return jobBody{Status: "idle", Version: s.version, BudgetMS: s.adv.Think().Milliseconds()}
	}
	b := jobBody{ID: j.id, Version: j.version, Error: j.err, Suggestion: j.sugg, Forecast: j.forecast,
		BudgetMS: s.adv.Think().Milliseconds(), Progress: j.sugg.Progress}
	end := j.ended
	if j.running {
		end = time.Now()
	}
	b.ElapsedMS = end.Sub(j.started).Milliseconds()
	switch {
	case j.running:
		b.Status = "running"
		if t := s.adv.Think(); t > 0 {
			// While the search runs, the clock says how far it is.
			b.Progress = max(b.Progress, min(0.99, float64(end.Sub(j.started))/float64(t)))
		}
	case j.canceled:
		b.Status = "canceled"
	case j.err != "":
		b.Status = "error"
	default:
		b.Status, b.Progress = "done", 1
	}
	return b
}

// postSuggest starts a search of the current position, unless one is
// already running or done for it.
func (s *Server) postSuggest(r *http.Request) (any, error) {
	if err := decode(r, &struct{}{}); err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.sess.Over() {
		return nil, conflict("%s", advise.ErrOver)
	}
	if s.sess.AtChance() {
		return nil, conflict("a die is pending: enter the roll before asking for a suggestion")
	}
	if j := s.job; j != nil && j.version == s.version && !j.canceled && j.err == "" {
		return s.jobLocked(), nil
	}
	ctx, cancel := context.WithCancel(s.base)
	s.jobs++
	j := &job{id: s.jobs, version: s.version, cancel: cancel, started: time.Now(), running: true}
	s.job = j
	st := s.sess.State().Clone()
	seed := s.sess.Seed() + uint64(s.sess.Steps())
	s.search.Add(1)
	go s.runJob(ctx, j, st, seed)
	return s.jobLocked(), nil
}

// runJob searches, then forecasts the top move, reporting as it goes.
func (s *Server) runJob(ctx context.Context, j *job, st env.State, seed uint64) {
	defer s.search.Done()
	defer j.cancel()
	sugg, err := s.adv.Suggest(ctx, st)
	var f *advise.Forecast
	if err == nil && s.opts.Futures > 0 {
		if b, ok := sugg.Best(); ok {
			if fc, ferr := advise.ForecastMove(ctx, st, b.Action, s.opts.Futures, seed); ferr == nil {
				f = &fc
			}
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	j.sugg, j.forecast, j.running, j.ended = sugg, f, false, time.Now()
	switch {
	case errors.Is(err, context.Canceled):
		j.canceled = true
	case err != nil:
		j.err = err.Error()
	}
}

// postCancel stops the running search; its advice so far stays.
func (s *Server) postCancel(r *http.Request) (any, error) {
	if err := decode(r, &struct{}{}); err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.job == nil || !s.job.running {
		return nil, conflict("no search is running")
	}
	s.job.cancel()
	return s.jobLocked(), nil
}

// postForecast forecasts the German response to a move (by number or
// name), or to the top suggestion when none is given, or from the position
// itself at a die.
func (s *Server) postForecast(r *http.Request) (any, error) {
	var req struct {
		Move string `json:"move"`
	}
	if err := decode(r, &req); err != nil {
		return nil, err
	}
	if s.opts.Futures <= 0 {
		return nil, conflict("forecasts are off on this server")
	}
	s.mu.Lock()
	if s.sess.Over() {
		s.mu.Unlock()
		return nil, conflict("%s", advise.ErrOver)
	}
	move := env.Action(-1)
	switch {
	case req.Move != "":
		a, err := s.sess.ParseMove(req.Move)
		if err != nil {
			s.mu.Unlock()
			return nil, sessionError(err)
		}
		move = a
	case !s.sess.AtChance() && s.job != nil && s.job.version == s.version:
		if b, ok := s.job.sugg.Best(); ok {
			move = b.Action
		}
	}
	st := s.sess.State().Clone()
	seed := s.sess.Seed() + uint64(s.sess.Steps())
	// One forecast at a time: a new request stops the one in progress,
	// and a forecast stops when its client leaves (or the server closes).
	if s.forecast != nil {
		s.forecast()
	}
	ctx, cancel := context.WithCancelCause(r.Context())
	defer cancel(nil)
	stopOnClose := context.AfterFunc(s.base, func() { cancel(context.Canceled) })
	defer stopOnClose()
	s.forecast = func() { cancel(errReplaced) }
	s.forecasts++
	s.search.Add(1)
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		s.forecasts--
		s.mu.Unlock()
		s.search.Done()
	}()
	select {
	case s.slot <- struct{}{}:
		defer func() { <-s.slot }()
	case <-ctx.Done():
		return nil, forecastStopped(ctx)
	}
	f, err := advise.ForecastMove(ctx, st, move, s.opts.Futures, seed)
	if ctx.Err() != nil {
		return nil, forecastStopped(ctx)
	}
	if err != nil {
		return nil, badRequest("%s", err)
	}
	return f, nil
}

// errReplaced stops a forecast for a newer one.
var errReplaced = errors.New("a newer forecast was asked for")

// forecastStopped is the answer of a forecast stopped before its end.
func forecastStopped(ctx context.Context) error {
	if errors.Is(context.Cause(ctx), errReplaced) {
		return conflict("forecast stopped: %s", errReplaced)
	}
	return conflict("forecast stopped")
}
