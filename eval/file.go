package eval

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/chariot-ai/chariot/env"
)

// The results file holds one row per game, in the order the games finished.
// A JSON-lines row is one object:
//
//	{"agent":"random","game_spec":"pig:die=6,target=20","game":0,
//	 "seed":123,"score":1,"verdict":"p0 wins",
//	 "metrics":{"p0_score":20,"p1_score":7,"turn_total":0},
//	 "decisions":12,"wall_ns":48210}
//
// A CSV file has a header and the same columns, each metric in a column of
// its own between verdict and decisions:
//
//	agent,game_spec,game,seed,score,verdict,p0_score,p1_score,turn_total,decisions,wall_ns
//
// wall_ns is the wall time of the game in nanoseconds.

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

// resultFile appends rows to a results file.
type resultFile struct {
	path     string
	format   string
	gameSpec string
	f        *os.File
	csv      *csv.Writer
	metrics  []string // CSV: the metric columns of the header; nil before it
}

// openResults opens the results file of cfg. Without resume, an existing
// file must be empty. With resume, it reads the rows already there, checks
// that they were made with the same game and seed, drops a truncated last
// line, and returns them with the file positioned to append.
func openResults(cfg *Config) (*resultFile, []GameResult, error) {
	format, err := OutFormat(cfg.Out)
	if err != nil {
		return nil, nil, err
	}
	rf := &resultFile{path: cfg.Out, format: format, gameSpec: GameSpec(cfg.Game)}
	data, err := os.ReadFile(cfg.Out)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, nil, err
	}
	if len(data) > 0 && !cfg.Resume {
		return nil, nil, fmt.Errorf("results file %s exists and is not empty: resume it, or choose another file", cfg.Out)
	}
	// A run killed while writing a row leaves a last line without its
	// newline: drop it, and rewrite the row.
	keep := bytes.LastIndexByte(data, '\n') + 1
	var old []GameResult
	switch format {
	case formatJSONL:
		old, err = rf.parseJSONL(data[:keep], cfg.Seed)
	case formatCSV:
		old, err = rf.parseCSV(data[:keep], cfg.Seed)
	}
	if err != nil {
		return nil, nil, err
	}
	if keep < len(data) {
		if err := os.Truncate(cfg.Out, int64(keep)); err != nil {
			return nil, nil, err
		}
	}
	rf.f, err = os.OpenFile(cfg.Out, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return nil, nil, err
	}
	if format == formatCSV {
		rf.csv = csv.NewWriter(rf.f)
	}
	return rf, old, nil
}

// check verifies that a row read back was made with this run's game and
// seed.
func (rf *resultFile) check(line int, spec string, r GameResult, seed uint64) error {
	where := fmt.Sprintf("results file %s line %d", rf.path, line)
	switch {
	case r.Agent == "":
		return fmt.Errorf("%s: no agent", where)
	case r.Game < 0:
		return fmt.Errorf("%s: negative game index %d", where, r.Game)
	case spec != rf.gameSpec:
		return fmt.Errorf("%s: made with game %s, not %s", where, spec, rf.gameSpec)
	case r.Seed != GameSeed(seed, r.Game):
		return fmt.Errorf("%s: game %d has seed %d, but seed %d gives %d: the file was made with another seed", where, r.Game, r.Seed, seed, GameSeed(seed, r.Game))
	}
	return nil
}

// jsonRow is a JSON-lines row as read back.
type jsonRow struct {
	Agent     string          `json:"agent"`
	GameSpec  string          `json:"game_spec"`
	Game      *int            `json:"game"`
	Seed      *uint64         `json:"seed"`
	Score     *float64        `json:"score"`
	Verdict   string          `json:"verdict"`
	Metrics   json.RawMessage `json:"metrics"`
	Decisions int             `json:"decisions"`
	WallNS    int64           `json:"wall_ns"`
}

func (rf *resultFile) parseJSONL(data []byte, seed uint64) ([]GameResult, error) {
	var out []GameResult
	for i, line := range bytes.Split(data, []byte("\n")) {
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		where := fmt.Sprintf("results file %s line %d", rf.path, i+1)
		var row jsonRow
		if err := json.Unmarshal(line, &row); err != nil {
			return nil, fmt.Errorf("%s: %w", where, err)
		}
		if row.Game == nil || row.Seed == nil || row.Score == nil {
			return nil, fmt.Errorf("%s: game, seed or score missing", where)
		}
		metrics, err := orderedMetrics(row.Metrics)
		if err != nil {
			return nil, fmt.Errorf("%s: metrics: %w", where, err)
		}
		r := GameResult{
			Agent:     row.Agent,
			Game:      *row.Game,
			Seed:      *row.Seed,
			Score:     env.Score{Value: *row.Score, Verdict: row.Verdict, Metrics: metrics},
			Decisions: row.Decisions,
			Elapsed:   time.Duration(row.WallNS),
		}
		if err := rf.check(i+1, row.GameSpec, r, seed); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, nil
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

func (rf *resultFile) parseCSV(data []byte, seed uint64) ([]GameResult, error) {
	if len(data) == 0 {
		return nil, nil
	}
	rd := csv.NewReader(bytes.NewReader(data))
	header, err := rd.Read()
	if err != nil {
		return nil, fmt.Errorf("results file %s: header: %w", rf.path, err)
	}
	nf, nt := len(csvFixed), len(csvTail)
	if len(header) < nf+nt || !slices.Equal(header[:nf], csvFixed) || !slices.Equal(header[len(header)-nt:], csvTail) {
		return nil, fmt.Errorf("results file %s: header %q is not that of a results file", rf.path, strings.Join(header, ","))
	}
	rf.metrics = slices.Clone(header[nf : len(header)-nt])
	var out []GameResult
	for {
		rec, err := rd.Read()
		if err == io.EOF {
			break
		}
		line, _ := rd.FieldPos(0)
		where := fmt.Sprintf("results file %s line %d", rf.path, line)
		if err != nil {
			return nil, fmt.Errorf("results file %s: %w", rf.path, err)
		}
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
			return nil, fmt.Errorf("%s: column seed: %q is not a seed", where, rec[3])
		}
		r := GameResult{
			Agent: rec[0],
			Game:  int(integer(2)),
			Seed:  gameSeed,
			Score: env.Score{Value: num(4), Verdict: rec[5]},
		}
		for j, name := range rf.metrics {
			r.Score.Metrics = append(r.Score.Metrics, env.Metric{Name: name, Value: num(nf + j)})
		}
		r.Decisions = int(integer(len(header) - 2))
		r.Elapsed = time.Duration(integer(len(header) - 1))
		if err != nil {
			return nil, err
		}
		if err := rf.check(line, rec[1], r, seed); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, nil
}

// write appends one row and flushes it to the file.
func (rf *resultFile) write(r GameResult) error {
	if err := rf.writeRow(r); err != nil {
		return fmt.Errorf("results file %s: %w", rf.path, err)
	}
	return nil
}

func (rf *resultFile) writeRow(r GameResult) error {
	values := []float64{r.Score.Value}
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
	if rf.metrics == nil {
		rf.metrics = names
		header := slices.Concat(csvFixed, names, csvTail)
		if err := rf.csv.Write(header); err != nil {
			return err
		}
	} else if !slices.Equal(names, rf.metrics) {
		return fmt.Errorf("agent %s game %d: metrics %s differ from the file's columns %s",
			r.Agent, r.Game, strings.Join(names, ","), strings.Join(rf.metrics, ","))
	}
	rec := []string{r.Agent, rf.gameSpec, strconv.Itoa(r.Game), strconv.FormatUint(r.Seed, 10), fmtFloat(r.Score.Value), r.Score.Verdict}
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
	fmt.Fprintf(&b, `{"agent":%s,"game_spec":%s,"game":%d,"seed":%d,"score":%s,"verdict":%s,"metrics":{`,
		str(r.Agent), str(rf.gameSpec), r.Game, r.Seed, fmtFloat(r.Score.Value), str(r.Score.Verdict))
	for i, m := range r.Score.Metrics {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "%s:%s", str(m.Name), fmtFloat(m.Value))
	}
	fmt.Fprintf(&b, `},"decisions":%d,"wall_ns":%d}`+"\n", r.Decisions, int64(r.Elapsed))
	_, err := rf.f.Write(b.Bytes())
	return err
}

// fmtFloat writes v exactly, in the shortest form that reads back equal.
func fmtFloat(v float64) string {
	return strconv.FormatFloat(v, 'g', -1, 64)
}

// close closes the file.
func (rf *resultFile) close() error {
	if err := rf.f.Close(); err != nil {
		return fmt.Errorf("results file %s: %w", rf.path, err)
	}
	return nil
}
