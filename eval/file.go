package eval

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/internal/flock"
)

// The results file holds one row per game, in the order the games finished.
// A JSON-lines row is one object:
//
//	{"agent":"mcts vs random","seats":["mcts","random"],
//	 "game_spec":"pig","game":0,"seed":123,"score":1,"returns":[1,-1],
//	 "verdict":"p0 wins",
//	 "metrics":{"p0_score":20,"p1_score":7,"turn_total":0},
//	 "decisions":12,"wall_ns":48210}
//
// agent is the lineup's label (Label), seats the agent of every seat and
// returns every seat's final return; a game of one seat has neither. score
// is the final Score's value (seat 0's headline figure).
//
// A CSV file has a header and the same columns, each metric in a column of
// its own between verdict (or returns) and decisions; seats are joined by
// " vs ", returns by spaces:
//
//	agent,game_spec,game,seed,score,verdict,seats,returns,p0_score,p1_score,turn_total,decisions,wall_ns
//
// wall_ns is the wall time of the game in nanoseconds. files, present when
// the game or an agent reads files, gives each one's content hash by path
// (FileHashes). A shard's rows (JSON lines only) end with "run", the run's
// identity (RunInfo): {"id":...,"shard":"2/7","mode":"solo","seed":1,
// "games":1000,"lineups":[...]}.

// Formats of the results file, chosen by the file name's extension.
const (
	formatJSONL = ".jsonl"
	formatCSV   = ".csv"
)

// OutFormat checks the extension of a results file name, .jsonl or .csv
// (in any case), and returns it in lower case.
func OutFormat(path string) (string, error) {
	switch ext := strings.ToLower(filepath.Ext(path)); ext {
	case formatJSONL, formatCSV:
		return ext, nil
	default:
		return "", fmt.Errorf("results file %s: unknown extension %q (want .jsonl or .csv)", path, filepath.Ext(path))
	}
}

// csvFixed are the CSV columns before the metrics, csvTail those after.
var (
	csvFixed = []string{"agent", "game_spec", "game", "seed", "score", "verdict"}
	csvTail  = []string{"decisions", "wall_ns"}
)

// resultFile reads and appends rows of a results file.
type resultFile struct {
	path     string
	format   string
	gameSpec string
	seed     uint64
	seats    int       // the game's seats: rows of more than one name them
	keep     int64     // bytes of whole lines; a torn last line lies beyond
	f        *os.File  // the file opened to append, closed by close
	w        io.Writer // where rows go: f, or a merge's output
	csv      *csv.Writer
	header   bool                         // CSV: the header is written
	seatCols bool                         // CSV: the header has the columns of csvSeats
	metrics  []string                     // CSV: the metric columns of the header
	fileCol  bool                         // CSV: the header has the column files
	hashes   map[string]map[string]string // files read, by lineup label
	// run is the identity of a sharded run, which every row carries; nil
	// for a whole run, whose rows carry none.
	run *RunInfo
	// lock keeps other processes from writing the file while this run
	// does: two runs on one file would both play every game.
	lock *flock.Lock
	warn io.Writer // where a dropped torn row is told
	// dir is where the agents' relative paths are read first
	// (Config.FilesBeside).
	dir string
}

// maxTornRow bounds the bytes after a results file's last newline that a
// resume drops as the row a stopped run was writing; more than that is
// not a torn row of this tool's, and the file is refused, not cut.
const maxTornRow = 1 << 20

// openResults opens the results file of cfg, for a game of the given
// number of seats. Without resume, an existing file must be empty. With
// resume, scan reads the rows already there, checking that they were made
// with the same game and seed; a truncated last line is dropped when
// openAppend positions the file to append.
func openResults(cfg *Config, seats int) (*resultFile, error) {
	format, err := OutFormat(cfg.Out)
	if err != nil {
		return nil, err
	}
	rf := &resultFile{path: cfg.Out, format: format, gameSpec: GameSpec(cfg.Game), seed: cfg.Seed, seats: seats, warn: cfg.Warn, dir: cfg.specDir()}
	if rf.lock, err = flock.File(cfg.Out); err != nil {
		return nil, fmt.Errorf("results file: %w", err)
	}
	size, keep, err := wholeLines(cfg.Out)
	if err == nil && size > 0 && !cfg.Resume {
		err = fmt.Errorf("results file %s exists and is not empty: resume it, or choose another file", cfg.Out)
	}
	if err == nil && size-keep > maxTornRow {
		err = fmt.Errorf("results file %s ends with %d bytes after its last newline, more than a torn row: it was not written whole by chariot; repair it or choose another file", cfg.Out, size-keep)
	}
	if err != nil {
		rf.lock.Unlock()
		return nil, err
	}
	rf.keep = keep
	return rf, nil
}

// wholeLines returns the size of a file (0 if it does not exist) and the
// length of its whole lines, up to and including the last newline: a run
// killed while writing a row leaves a last line without its newline.
func wholeLines(path string) (size, keep int64, err error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return 0, 0, nil
	}
	if err != nil {
		return 0, 0, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return 0, 0, err
	}
	size = st.Size()
	buf := make([]byte, 4096)
	for end := size; end > 0; {
		start := max(end-int64(len(buf)), 0)
		n, err := f.ReadAt(buf[:end-start], start)
		if err != nil && err != io.EOF {
			return 0, 0, err
		}
		if i := bytes.LastIndexByte(buf[:n], '\n'); i >= 0 {
			return size, start + int64(i) + 1, nil
		}
		end = start
	}
	return size, 0, nil
}

// scan reads the whole lines of the file one row at a time and hands each
// to fn.
func (rf *resultFile) scan(fn func(GameResult) error) error {
	if rf.keep == 0 {
		return nil
	}
	f, err := os.Open(rf.path)
	if err != nil {
		return err
	}
	defer f.Close()
	r := bufio.NewReaderSize(io.LimitReader(f, rf.keep), 1<<16)
	if rf.format == formatCSV {
		return rf.scanCSV(r, fn)
	}
	return rf.scanJSONL(r, fn)
}

// openAppend drops a torn last line and opens the file to append.
func (rf *resultFile) openAppend() error {
	if size, _, err := wholeLines(rf.path); err != nil {
		return err
	} else if rf.keep < size {
		if err := os.Truncate(rf.path, rf.keep); err != nil {
			return err
		}
		if rf.warn != nil {
			fmt.Fprintf(rf.warn, "results file %s: dropped its last %d bytes, a row cut short when a run stopped (its game is played again)\n", rf.path, size-rf.keep)
		}
	}
	f, err := os.OpenFile(rf.path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	rf.f = f
	rf.writeTo(f)
	rf.header = rf.format == formatCSV && rf.keep > 0
	return nil
}

// check verifies that a row read back was made with this run's game and
// seed, and fills in its seats.
func (rf *resultFile) check(line int, spec string, r *GameResult) error {
	where := fmt.Sprintf("results file %s line %d", rf.path, line)
	switch {
	case r.Agent == "":
		return fmt.Errorf("%s: no agent", where)
	case r.Game < 0:
		return fmt.Errorf("%s: negative game index %d", where, r.Game)
	case spec != rf.gameSpec:
		return fmt.Errorf("%s: made with game %s", where, GameMismatch(spec, rf.gameSpec))
	case r.Seed != GameSeed(rf.seed, r.Game):
		return fmt.Errorf("%s: game %d has seed %d, but seed %d gives %d: the file was made with another seed", where, r.Game, r.Seed, rf.seed, GameSeed(rf.seed, r.Game))
	}
	if r.Seats == nil {
		// Rows of one agent in every seat need not name the seats.
		r.Seats = slices.Repeat([]string{r.Agent}, rf.seats)
	}
	switch {
	case len(r.Seats) != rf.seats:
		return fmt.Errorf("%s: %d seats, but the game has %d", where, len(r.Seats), rf.seats)
	case Label(r.Seats) != r.Agent:
		return fmt.Errorf("%s: agent %s does not match the seats %s", where, r.Agent, strings.Join(r.Seats, lineupSep))
	case r.Returns != nil && len(r.Returns) != rf.seats:
		return fmt.Errorf("%s: %d returns, but the game has %d seats", where, len(r.Returns), rf.seats)
	}
	now, ok := rf.hashes[r.Agent]
	if !ok {
		var err error
		if now, err = fileHashesIn(rf.dir, rf.gameSpec, r.Seats...); err != nil {
			return err
		}
		if rf.hashes == nil {
			rf.hashes = map[string]map[string]string{}
		}
		rf.hashes[r.Agent] = now
	}
	if err := checkFiles(r.Files, now); err != nil {
		return fmt.Errorf("%s: %w", where, err)
	}
	return nil
}

// jsonRow is a JSON-lines row as read back.
type jsonRow struct {
	Agent     string            `json:"agent"`
	Seats     []string          `json:"seats"`
	GameSpec  string            `json:"game_spec"`
	Game      *int              `json:"game"`
	Seed      *uint64           `json:"seed"`
	Score     *float64          `json:"score"`
	Returns   []float64         `json:"returns"`
	Files     map[string]string `json:"files"`
	Verdict   string            `json:"verdict"`
	Metrics   json.RawMessage   `json:"metrics"`
	Decisions int               `json:"decisions"`
	WallNS    int64             `json:"wall_ns"`
	Run       *RunInfo          `json:"run"`
}

func (rf *resultFile) scanJSONL(rd *bufio.Reader, fn func(GameResult) error) error {
	for line := 1; ; line++ {
		text, err := rd.ReadBytes('\n')
		if len(bytes.TrimSpace(text)) > 0 {
			r, perr := rf.parseJSONL(line, text)
			if perr != nil {
				return perr
			}
			if ferr := fn(r); ferr != nil {
				return ferr
			}
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// parseJSONL reads and checks one JSON-lines row.
func (rf *resultFile) parseJSONL(line int, text []byte) (GameResult, error) {
	where := fmt.Sprintf("results file %s line %d", rf.path, line)
	var row jsonRow
	if err := json.Unmarshal(text, &row); err != nil {
		return GameResult{}, fmt.Errorf("%s: %w", where, err)
	}
	if row.Game == nil || row.Seed == nil || row.Score == nil {
		return GameResult{}, fmt.Errorf("%s: game, seed or score missing", where)
	}
	metrics, err := orderedMetrics(row.Metrics)
	if err != nil {
		return GameResult{}, fmt.Errorf("%s: metrics: %w", where, err)
	}
	r := GameResult{
		Agent:     row.Agent,
		Seats:     row.Seats,
		Game:      *row.Game,
		Seed:      *row.Seed,
		Score:     env.Score{Value: *row.Score, Verdict: row.Verdict, Metrics: metrics},
		Returns:   row.Returns,
		Files:     row.Files,
		Decisions: row.Decisions,
		Elapsed:   time.Duration(row.WallNS),
	}
	if err := rf.check(line, row.GameSpec, &r); err != nil {
		return r, err
	}
	return r, rf.checkRun(where, row.Run)
}

// checkRun verifies that a row belongs to the run, or shard of a run, the
// file is for.
func (rf *resultFile) checkRun(where string, run *RunInfo) error {
	switch {
	case run == nil && rf.run == nil:
		return nil
	case run == nil:
		return fmt.Errorf("%s: a row of a whole run, not of shard %s", where, rf.run.Shard)
	case rf.run == nil:
		return fmt.Errorf("%s: a row of shard %s of run %s, not of a whole run: merge the shards", where, run.Shard, run.ID)
	case !run.same(rf.run):
		return fmt.Errorf("%s: a row of shard %s of run %s (%d games), not of shard %s of run %s (%d games): the run's agents, files, seed or games differ", where, run.Shard, run.ID, run.Games, rf.run.Shard, rf.run.ID, rf.run.Games)
	}
	return nil
}

// orderedMetrics reads a JSON object of numbers in the order of its keys.
func orderedMetrics(raw json.RawMessage) ([]env.Metric, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, errors.New("not an object")
	}
	var out []env.Metric
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, err
		}
		name, _ := t.(string)
		var v float64
		if err := dec.Decode(&v); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		out = append(out, env.Metric{Name: name, Value: v})
	}
	return out, nil
}

// csvSeats are the columns a game of several seats adds after the fixed
// ones: the seats' agents joined by " vs ", and their returns joined by
// spaces.
var csvSeats = []string{"seats", "returns"}

// csvFiles is the column of the files' content hashes, "path=hash" joined
// by ";", present when the run reads files.
const csvFiles = "files"

func (rf *resultFile) scanCSV(r io.Reader, fn func(GameResult) error) error {
	rd := csv.NewReader(r)
	rd.ReuseRecord = true
	header, err := rd.Read()
	if err == io.EOF {
		return nil
	}
	if err != nil {
		return fmt.Errorf("results file %s: header: %w", rf.path, err)
	}
	header = slices.Clone(header)
	nf, nt := len(csvFixed), len(csvTail)
	if len(header) < nf+nt || !slices.Equal(header[:nf], csvFixed) || !slices.Equal(header[len(header)-nt:], csvTail) {
		return fmt.Errorf("results file %s: header %q is not that of a results file", rf.path, strings.Join(header, ","))
	}
	withSeats := len(header) >= nf+len(csvSeats)+nt && slices.Equal(header[nf:nf+len(csvSeats)], csvSeats)
	first := nf
	if withSeats {
		first += len(csvSeats)
	}
	filesAt := -1
	if len(header) > first+nt && header[first] == csvFiles {
		filesAt, first = first, first+1
	}
	rf.fileCol = filesAt >= 0
	rf.metrics = slices.Clone(header[first : len(header)-nt])
	rf.seatCols = withSeats
	for {
		rec, err := rd.Read()
		if err == io.EOF {
			return nil
		}
		if err != nil { // a csv.ParseError names its line
			return fmt.Errorf("results file %s: %w", rf.path, err)
		}
		line, _ := rd.FieldPos(0)
		where := fmt.Sprintf("results file %s line %d", rf.path, line)
		num := func(col int) float64 {
			v, e := strconv.ParseFloat(rec[col], 64)
			if e != nil && err == nil {
				err = fmt.Errorf("%s: column %s: %q is not a number", where, header[col], rec[col])
			}
			return v
		}
		integer := func(col int) int64 {
			v, e := strconv.ParseInt(rec[col], 10, 64)
			if e != nil && err == nil {
				err = fmt.Errorf("%s: column %s: %q is not an integer", where, header[col], rec[col])
			}
			return v
		}
		gameSeed, e := strconv.ParseUint(rec[3], 10, 64)
		if e != nil {
			return fmt.Errorf("%s: column seed: %q is not a seed", where, rec[3])
		}
		r := GameResult{
			Agent: rec[0],
			Game:  int(integer(2)),
			Seed:  gameSeed,
			Score: env.Score{Value: num(4), Verdict: rec[5]},
		}
		if withSeats {
			r.Seats = strings.Split(rec[nf], lineupSep)
			for _, f := range strings.Fields(rec[nf+1]) {
				v, e := strconv.ParseFloat(f, 64)
				if e != nil && err == nil {
					err = fmt.Errorf("%s: column returns: %q is not a number", where, f)
				}
				r.Returns = append(r.Returns, v)
			}
		}
		if filesAt >= 0 {
			for _, kv := range strings.Split(rec[filesAt], ";") {
				if path, h, ok := strings.Cut(kv, "="); ok {
					if r.Files == nil {
						r.Files = map[string]string{}
					}
					r.Files[path] = h
				}
			}
		}
		for j, name := range rf.metrics {
			r.Score.Metrics = append(r.Score.Metrics, env.Metric{Name: name, Value: num(first + j)})
		}
		r.Decisions = int(integer(len(header) - 2))
		r.Elapsed = time.Duration(integer(len(header) - 1))
		if err != nil {
			return err
		}
		if err := rf.check(line, rec[1], &r); err != nil {
			return err
		}
		if err := fn(r); err != nil {
			return err
		}
	}
}

// write appends one row and flushes it to the file.
func (rf *resultFile) write(r GameResult) error {
	if err := rf.writeRow(r); err != nil {
		return fmt.Errorf("results file %s: %w", rf.path, err)
	}
	return nil
}

func (rf *resultFile) writeRow(r GameResult) error {
	values := append([]float64{r.Score.Value}, r.Returns...)
	for _, m := range r.Score.Metrics {
		values = append(values, m.Value)
	}
	for _, v := range values {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("agent %s game %d: score %v is not finite", r.Agent, r.Game, r.Score)
		}
	}
	if rf.format == formatJSONL {
		return rf.writeJSON(r)
	}
	names := make([]string, len(r.Score.Metrics))
	for i, m := range r.Score.Metrics {
		names[i] = m.Name
	}
	if !rf.header {
		rf.metrics, rf.header, rf.seatCols, rf.fileCol = names, true, rf.seats > 1, r.Files != nil
		var seatCols []string
		if rf.seatCols {
			seatCols = csvSeats
		}
		if rf.fileCol {
			seatCols = append(slices.Clone(seatCols), csvFiles)
		}
		header := slices.Concat(csvFixed, seatCols, names, csvTail)
		if err := rf.csv.Write(header); err != nil {
			return err
		}
	} else if !slices.Equal(names, rf.metrics) {
		return fmt.Errorf("agent %s game %d: metrics %s differ from the file's columns %s",
			r.Agent, r.Game, strings.Join(names, ","), strings.Join(rf.metrics, ","))
	}
	rec := []string{r.Agent, rf.gameSpec, strconv.Itoa(r.Game), strconv.FormatUint(r.Seed, 10), fmtFloat(r.Score.Value), r.Score.Verdict}
	if rf.seatCols {
		returns := make([]string, len(r.Returns))
		for i, v := range r.Returns {
			returns[i] = fmtFloat(v)
		}
		rec = append(rec, strings.Join(r.Seats, lineupSep), strings.Join(returns, " "))
	}
	if rf.fileCol {
		var files []string
		for _, path := range slices.Sorted(maps.Keys(r.Files)) {
			files = append(files, path+"="+r.Files[path])
		}
		rec = append(rec, strings.Join(files, ";"))
	}
	for _, m := range r.Score.Metrics {
		rec = append(rec, fmtFloat(m.Value))
	}
	rec = append(rec, strconv.Itoa(r.Decisions), strconv.FormatInt(int64(r.Elapsed), 10))
	if err := rf.csv.Write(rec); err != nil {
		return err
	}
	rf.csv.Flush()
	return rf.csv.Error()
}

func (rf *resultFile) writeJSON(r GameResult) error {
	str := func(s string) []byte {
		b, _ := json.Marshal(s) // a string always marshals
		return b
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, `{"agent":%s,`, str(r.Agent))
	if rf.seats > 1 {
		b.WriteString(`"seats":[`)
		for i, s := range r.Seats {
			if i > 0 {
				b.WriteByte(',')
			}
			b.Write(str(s))
		}
		b.WriteString("],")
	}
	fmt.Fprintf(&b, `"game_spec":%s,"game":%d,"seed":%d,"score":%s,`,
		str(rf.gameSpec), r.Game, r.Seed, fmtFloat(r.Score.Value))
	if rf.seats > 1 {
		b.WriteString(`"returns":[`)
		for i, v := range r.Returns {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(fmtFloat(v))
		}
		b.WriteString("],")
	}
	if r.Files != nil {
		b.WriteString(`"files":{`)
		for i, path := range slices.Sorted(maps.Keys(r.Files)) {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, "%s:%s", str(path), str(r.Files[path]))
		}
		b.WriteString("},")
	}
	fmt.Fprintf(&b, `"verdict":%s,"metrics":{`, str(r.Score.Verdict))
	for i, m := range r.Score.Metrics {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "%s:%s", str(m.Name), fmtFloat(m.Value))
	}
	fmt.Fprintf(&b, `},"decisions":%d,"wall_ns":%d`, r.Decisions, int64(r.Elapsed))
	if rf.run != nil {
		run, err := json.Marshal(rf.run)
		if err != nil {
			return err
		}
		fmt.Fprintf(&b, `,"run":%s`, run)
	}
	b.WriteString("}\n")
	_, err := rf.w.Write(b.Bytes())
	return err
}

// writeTo sends the rows written from now on to w: the file opened to
// append, or the one a merge writes (atomicfile.Write).
func (rf *resultFile) writeTo(w io.Writer) {
	rf.w = w
	if rf.format == formatCSV {
		rf.csv = csv.NewWriter(w)
	}
}

// fmtFloat writes v exactly, in the shortest form that reads back equal.
func fmtFloat(v float64) string {
	return strconv.FormatFloat(v, 'g', -1, 64)
}

// close closes the file and releases its lock; closing it again does
// nothing.
func (rf *resultFile) close() error {
	defer rf.lock.Unlock()
	if rf.f == nil {
		return nil
	}
	f := rf.f
	rf.f = nil
	if err := f.Close(); err != nil {
		return fmt.Errorf("results file %s: %w", rf.path, err)
	}
	return nil
}
