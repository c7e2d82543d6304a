// Package dataset reads and writes self-play datasets: the decisions of
// the recorded seats over many games, each with its features, the legal
// actions and their features, what the player chose (and, for a searcher,
// its visit counts), and the deciding seat's final return.
//
// # File format
//
// A dataset is a JSON-lines file (one JSON object per line, UTF-8), which a
// notebook reads with pandas.read_json(path, lines=True) after skipping
// the first line, or line by line with any JSON reader.
//
// The first line is the header:
//
//	{"format":"chariot-selfplay","version":1,"game":"pig:die=6,target=20",
//	 "feature_version":1,"agent":"mcts:sims=200","seed":7,
//	 "state_features":["obs_0",...],"action_features":["obs_0",...],
//	 "seats":[0,1]}
//
// game is the game spec, agent the canonical spec of the agent that played
// every seat of every game, seed the run's seed (game i has the seed
// eval.GameSeed(seed, i), as in `chariot bench`), state_features and
// action_features the names of the columns of state and actions (see
// train/features/README.md), and seats the seats whose decisions are
// recorded (absent for a one-player game).
//
// Every other line is one decision of a recorded seat:
//
//	{"game":3,"game_seed":123,"step":17,"state":[1,9,...],
//	 "legal":[0,1],"actions":[[...],[...]],
//	 "chosen":1,"visits":[40,160],"seat":1,"final_vp":-1,"last":false}
//
// game is the game's index in the run, game_seed its seed, step the
// number of the decision in the game (0, 1, ...), state the state
// features, legal the legal actions (env.Action numbers, ascending),
// actions the state–action features of each legal action in the same
// order, chosen the action played, visits the searcher's root visit count
// of each legal action (absent when the agent does not search, or did not
// search that decision), seat the deciding seat (absent for seat 0),
// final_vp the deciding seat's final return (env.State.Returns; for a
// solitaire game its final score), and last is true on a game's last
// decision.
//
// A game's rows are written together when the game ends, so the file only
// ever grows by whole games; self-play writes them in game order, however
// many play at once (a merge of shards may order them otherwise). A run
// that is killed leaves at most a partial last game, which Resume drops
// and reports (Writer.Dropped).
package dataset

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strconv"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/eval"
	"github.com/chariot-ai/chariot/internal/flock"
	"github.com/chariot-ai/chariot/internal/regular"
)

// Format and Version identify the file format in the header.
const (
	Format  = "chariot-selfplay"
	Version = 1
)

// Header is the first line of a dataset.
type Header struct {
	Format         string `json:"format"`
	Version        int    `json:"version"`
	Game           string `json:"game"`
	FeatureVersion int    `json:"feature_version"`
	Agent          string `json:"agent"`
	// Teacher, if set, labelled the rows: Chosen and Visits are its, at
	// the positions Agent's games reached (selfplay --teacher).
	Teacher       string   `json:"teacher,omitempty"`
	Seed          uint64   `json:"seed"`
	StateFeatures []string `json:"state_features"`
	// ActionFeatures is empty in a dataset recorded without them (rows
	// with no actions), for a policy head.
	ActionFeatures []string `json:"action_features"`
	// Seats lists the seats whose decisions are recorded; absent means
	// seat 0 alone (a solitaire game).
	Seats []int `json:"seats,omitempty"`
	// Files are the content hashes of the files the game and the agent
	// read (a model, a map's data), by path, so that a dataset is not
	// resumed with other versions of them.
	Files map[string]string `json:"files,omitempty"`
	// Shard, on the dataset of one shard of a run, names the run and the
	// shard (see Merge); absent on a whole run's dataset.
	Shard *ShardInfo `json:"shard,omitempty"`
}

// Row is one decision of a recorded seat.
type Row struct {
	Game     int          `json:"game"`
	GameSeed uint64       `json:"game_seed"`
	Step     int          `json:"step"`
	State    []float64    `json:"state"`
	Legal    []env.Action `json:"legal"`
	Actions  [][]float64  `json:"actions"`
	Chosen   env.Action   `json:"chosen"`
	Visits   []int        `json:"visits,omitempty"`
	Seat     int          `json:"seat,omitempty"`
	FinalVP  float64      `json:"final_vp"`
	Last     bool         `json:"last"`
}

// Target is the policy target of the row: each legal action's share of
// the root visits if the row has them, else 1 for the chosen action and
// 0 for the others.
func (r *Row) Target() []float64 {
	t := make([]float64, len(r.Legal))
	total := 0
	for _, v := range r.Visits {
		total += v
	}
	if len(r.Visits) == len(r.Legal) && total > 0 {
		for i, v := range r.Visits {
			t[i] = float64(v) / float64(total)
		}
		return t
	}
	if i := slices.Index(r.Legal, r.Chosen); i >= 0 {
		t[i] = 1
	}
	return t
}

// check reports what is wrong with a row read back, for header h.
func (r *Row) check(h *Header) error {
	switch {
	case r.Game < 0:
		return fmt.Errorf("negative game %d", r.Game)
	case r.Seat < 0:
		return fmt.Errorf("negative seat %d", r.Seat)
	case len(r.State) != len(h.StateFeatures):
		return fmt.Errorf("%d state features, the header names %d", len(r.State), len(h.StateFeatures))
	case len(r.Legal) == 0 || len(r.Actions) != len(r.Legal) && !(len(h.ActionFeatures) == 0 && len(r.Actions) == 0):
		return fmt.Errorf("%d legal actions with %d feature rows", len(r.Legal), len(r.Actions))
	case r.Visits != nil && len(r.Visits) != len(r.Legal):
		return fmt.Errorf("%d visit counts for %d legal actions", len(r.Visits), len(r.Legal))
	case !slices.Contains(r.Legal, r.Chosen):
		return fmt.Errorf("chosen action %d is not legal", r.Chosen)
	}
	for _, a := range r.Actions {
		if len(a) != len(h.ActionFeatures) {
			return fmt.Errorf("%d action features, the header names %d", len(a), len(h.ActionFeatures))
		}
	}
	return nil
}

// Game is one finished game's rows.
type Game struct {
	Index int
	Rows  []Row
}

// Writer appends whole games to a dataset file. It holds the file's lock
// (package flock) until Close: one process writes a dataset at a time.
type Writer struct {
	path string
	f    *os.File
	lock *flock.Lock
	// Dropped is the size in bytes of the unfinished game Resume cut off
	// the end of the file (a run stopped while writing it), or 0.
	Dropped int64
}

// lock takes the dataset's lock, creating the file if it is not there.
func lock(path string) (*flock.Lock, error) {
	l, err := flock.File(path)
	if err != nil {
		return nil, fmt.Errorf("dataset: %w", err)
	}
	return l, nil
}

// Create starts a new dataset at path with header h; the file must not
// exist or be empty.
func Create(path string, h Header) (w *Writer, err error) {
	l, err := lock(path)
	if err != nil {
		return nil, err
	}
	defer func() {
		if err != nil {
			l.Unlock()
		}
	}()
	if st, err := os.Stat(path); err != nil {
		return nil, err
	} else if st.Size() > 0 {
		return nil, fmt.Errorf("dataset %s exists and is not empty: resume it, or choose another file", path)
	}
	h.Format, h.Version = Format, Version
	line, err := json.Marshal(h)
	if err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	if _, err := f.Write(append(line, '\n')); err != nil {
		f.Close()
		return nil, fmt.Errorf("dataset %s: %w", path, err)
	}
	return &Writer{path: path, f: f, lock: l}, nil
}

// Resume opens an existing dataset to append to it. Its header must match
// h in game, feature version, agent and seed. It returns the indices of
// the games already complete; a partial game at the end (a killed run) is
// cut off.
func Resume(path string, h Header) (w *Writer, done map[int]bool, err error) {
	l, err := lock(path)
	if err != nil {
		return nil, nil, err
	}
	defer func() {
		if err != nil {
			l.Unlock()
		}
	}()
	f, err := regular.Open(path)
	if err != nil {
		return nil, nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	// The games are read one at a time and not kept: resuming a large
	// dataset takes little memory.
	old, keep, err := parse(path, f, nil)
	f.Close()
	if err != nil {
		return nil, nil, err
	}
	switch {
	case old.Game != h.Game:
		return nil, nil, fmt.Errorf("dataset %s was made with game %s", path, eval.GameMismatch(old.Game, h.Game))
	case old.FeatureVersion != h.FeatureVersion:
		return nil, nil, fmt.Errorf("dataset %s has feature version %d, not %d", path, old.FeatureVersion, h.FeatureVersion)
	case old.Agent != h.Agent:
		return nil, nil, fmt.Errorf("dataset %s was made by agent %s, not %s", path, old.Agent, h.Agent)
	case old.Teacher != h.Teacher:
		return nil, nil, fmt.Errorf("dataset %s was labelled by teacher %q, not %q", path, old.Teacher, h.Teacher)
	case old.Seed != h.Seed:
		return nil, nil, fmt.Errorf("dataset %s was made with seed %d, not %d", path, old.Seed, h.Seed)
	case !slices.Equal(old.Seats, h.Seats):
		return nil, nil, fmt.Errorf("dataset %s records seats %v, not %v", path, old.Seats, h.Seats)
	}
	if (old.Shard == nil) != (h.Shard == nil) || (old.Shard != nil && *old.Shard != *h.Shard) {
		return nil, nil, fmt.Errorf("dataset %s is %s, not %s", path, describeShard(old.Shard), describeShard(h.Shard))
	}
	if err := sameFiles(old.Files, h.Files); err != nil {
		return nil, nil, fmt.Errorf("dataset %s: %w", path, err)
	}
	done = map[int]bool{}
	for _, g := range keep.games {
		done[g] = true
	}
	if keep.offset < st.Size() {
		if err := os.Truncate(path, keep.offset); err != nil {
			return nil, nil, err
		}
	}
	f, err = os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, nil, err
	}
	return &Writer{path: path, f: f, lock: l, Dropped: st.Size() - keep.offset}, done, nil
}

// Write appends a finished game in one write.
func (w *Writer) Write(g Game) error {
	var b bytes.Buffer
	for i := range g.Rows {
		r := g.Rows[i]
		r.Game, r.Step, r.Last = g.Index, i, i == len(g.Rows)-1
		writeRow(&b, &r)
	}
	if _, err := w.f.Write(b.Bytes()); err != nil {
		return fmt.Errorf("dataset %s: %w", w.path, err)
	}
	return nil
}

// writeRow writes one row as a line of JSON, numbers in their shortest
// exact form.
func writeRow(b *bytes.Buffer, r *Row) {
	fmt.Fprintf(b, `{"game":%d,"game_seed":%d,"step":%d,"state":`, r.Game, r.GameSeed, r.Step)
	floats(b, r.State)
	b.WriteString(`,"legal":[`)
	for i, a := range r.Legal {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(int(a)))
	}
	b.WriteString(`],"actions":[`)
	for i, a := range r.Actions {
		if i > 0 {
			b.WriteByte(',')
		}
		floats(b, a)
	}
	fmt.Fprintf(b, `],"chosen":%d`, r.Chosen)
	if r.Visits != nil {
		b.WriteString(`,"visits":[`)
		for i, v := range r.Visits {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(strconv.Itoa(v))
		}
		b.WriteByte(']')
	}
	if r.Seat != 0 {
		fmt.Fprintf(b, `,"seat":%d`, r.Seat)
	}
	fmt.Fprintf(b, `,"final_vp":%s,"last":%t}`+"\n", strconv.FormatFloat(r.FinalVP, 'g', -1, 64), r.Last)
}

func floats(b *bytes.Buffer, xs []float64) {
	b.WriteByte('[')
	for i, x := range xs {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.FormatFloat(x, 'g', -1, 64))
	}
	b.WriteByte(']')
}

// Close closes the file and releases its lock; closing again does nothing.
func (w *Writer) Close() error {
	if w.f == nil {
		return nil
	}
	f := w.f
	w.f = nil
	defer w.lock.Unlock()
	if err := f.Close(); err != nil {
		return fmt.Errorf("dataset %s: %w", w.path, err)
	}
	return nil
}

// Dataset is a dataset read back: its header and its complete games'
// rows, sorted by game and step.
type Dataset struct {
	Header Header
	Rows   []Row
}

// Games counts the games of the dataset.
func (d *Dataset) Games() int {
	n := 0
	for i := range d.Rows {
		if d.Rows[i].Last {
			n++
		}
	}
	return n
}

// Read reads a dataset. A partial game at the end (a run killed while
// writing) is left out.
func Read(path string) (*Dataset, error) {
	f, err := regular.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var rows []Row
	h, _, err := parse(path, f, func(game []Row, _ []byte) error {
		rows = append(rows, game...)
		return nil
	})
	if err != nil {
		return nil, err
	}
	slices.SortStableFunc(rows, func(a, b Row) int {
		if a.Game != b.Game {
			return a.Game - b.Game
		}
		return a.Step - b.Step
	})
	return &Dataset{Header: *h, Rows: rows}, nil
}

// complete is where the complete games of a file end, and which they are.
type complete struct {
	offset int64
	games  []int
}

// parse reads a dataset file, one line at a time: its header, then each
// complete game, which it checks and hands to game, if not nil, with the
// game's lines as they are in the file. It returns where the complete games
// end, and which they are; a partial game at the end is left out.
func parse(path string, r io.Reader, game func(rows []Row, raw []byte) error) (*Header, complete, error) {
	var keep complete
	br := bufio.NewReaderSize(r, 1<<16)
	first, err := br.ReadBytes('\n')
	if err != nil && err != io.EOF {
		return nil, keep, err
	}
	var h Header
	if err := json.Unmarshal(first, &h); err != nil || h.Format != Format {
		return nil, keep, fmt.Errorf("dataset %s: not a chariot self-play dataset (no %s header on line 1)", path, Format)
	}
	if h.Version != Version {
		return nil, keep, fmt.Errorf("dataset %s: format version %d, this chariot reads version %d", path, h.Version, Version)
	}
	if len(first) == 0 || first[len(first)-1] != '\n' {
		return nil, keep, fmt.Errorf("dataset %s: truncated header", path)
	}
	keep.offset = int64(len(first))
	var (
		pending []Row
		raw     bytes.Buffer
	)
	offset := keep.offset
	seen := map[int]bool{}
	for line := 2; ; line++ {
		text, err := br.ReadBytes('\n')
		if len(text) > 0 && text[len(text)-1] == '\n' {
			offset += int64(len(text))
			var r Row
			if e := json.Unmarshal(text, &r); e != nil {
				return nil, keep, fmt.Errorf("dataset %s line %d: %w", path, line, e)
			}
			if e := r.check(&h); e != nil {
				return nil, keep, fmt.Errorf("dataset %s line %d: %w", path, line, e)
			}
			if len(pending) > 0 && pending[0].Game != r.Game {
				return nil, keep, fmt.Errorf("dataset %s line %d: game %d begins before game %d ends", path, line, r.Game, pending[0].Game)
			}
			if r.Step != len(pending) {
				return nil, keep, fmt.Errorf("dataset %s line %d: step %d of game %d, want %d", path, line, r.Step, r.Game, len(pending))
			}
			pending = append(pending, r)
			raw.Write(text)
			if r.Last {
				if seen[r.Game] {
					return nil, keep, fmt.Errorf("dataset %s line %d: game %d appears twice", path, line, r.Game)
				}
				seen[r.Game] = true
				if game != nil {
					if e := game(pending, raw.Bytes()); e != nil {
						return nil, keep, e
					}
				}
				pending, raw = nil, bytes.Buffer{}
				keep.offset = offset
				keep.games = append(keep.games, r.Game)
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, keep, err
		}
	}
	return &h, keep, nil
}

// sameFiles compares the content hashes a dataset recorded with those of
// the files as they are now, naming the first that differs.
func sameFiles(then, now map[string]string) error {
	for _, path := range slices.Sorted(maps.Keys(now)) {
		switch old, ok := then[path]; {
		case !ok:
			return fmt.Errorf("made without a content hash of %s, which the run reads: the file may have changed since", path)
		case old != now[path]:
			return fmt.Errorf("%s has changed since it was made (content %s then, %s now)", path, old, now[path])
		}
	}
	for _, path := range slices.Sorted(maps.Keys(then)) {
		if _, ok := now[path]; !ok {
			return fmt.Errorf("made with the file %s, which the run does not read", path)
		}
	}
	return nil
}

// describeShard names a dataset's part of its run.
func describeShard(s *ShardInfo) string {
	if s == nil {
		return "a whole run's dataset"
	}
	return fmt.Sprintf("shard %s of run %s (%d games)", s.Shard, s.Run, s.Games)
}
