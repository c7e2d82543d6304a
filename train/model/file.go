package model

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/eval"
	"github.com/chariot-ai/chariot/internal/atomicfile"
	"github.com/chariot-ai/chariot/internal/regular"
	"github.com/chariot-ai/chariot/train/features"
)

// MaxFileSize bounds a model file read back (the largest trained so far
// are a few megabytes), so that a wrong path cannot fill the memory.
const MaxFileSize = 1 << 30

// The model file is one JSON object:
//
//	{"format":"chariot-model","version":1,"kind":"value",
//	 "game":"pig:die=6,target=20","feature_version":1,"features":["obs_0",...],
//	 "training":{"data":[{"path":"d.jsonl","sha256":"...","agent":"mcts:sims=200",
//	   "seed":1,"games":500,"rows":74000}],"train_rows":59000,
//	   "heldout_rows":15000,"target":"final_vp","fit":{...}},
//	 "metrics":[{"name":"r2","value":0.61},...],
//	 "checksum":"<sha256 of the trees>","trees":[<golearn tree JSON>,...]}
//
// kind is value (the final return from state features) or policy (a score of
// each state–action row; the agent plays the best). game is the game spec
// the data came from, feature_version and features the encoding
// (train/features). Each tree is golearn's CARTDecisionTreeRegressor as
// encoding/json writes it; checksum is the SHA-256 of the trees, each in
// compact JSON, concatenated, so a damaged file is refused.

// FileFormat and FileVersion identify a model file.
const (
	FileFormat  = "chariot-model"
	FileVersion = 1
)

// Kind is what a model predicts.
type Kind string

// The kinds of model.
const (
	Value  Kind = "value"
	Policy Kind = "policy"
)

// FeatureNames are the features a model of kind k reads from enc, in
// order: a policy's state–action features, a value's state features. (A
// policy head reads the state features too.)
func FeatureNames(enc env.FeatureEncoder, k Kind) []string {
	if k == Policy {
		return features.Names(enc.ActionDocs())
	}
	return features.Names(enc.StateDocs())
}

// Head reports whether the model is a policy head: a network giving a
// logit for each of the game's actions from the state features.
func (m *Model) Head() bool { return m.Actions > 0 }

// Reads reports whether the model reads the features enc writes: the
// same encoder (where the file names it), version and feature list.
func (m *Model) Reads(enc env.FeatureEncoder) bool {
	return (m.Encoder == "" || m.Encoder == features.EncoderName(enc)) &&
		enc.Version() == m.FeatureVersion && slices.Equal(m.Features, m.featureNames(enc))
}

// featureNames are the features the model reads from enc.
func (m *Model) featureNames(enc env.FeatureEncoder) []string {
	if m.Head() {
		return FeatureNames(enc, Value)
	}
	return FeatureNames(enc, m.Kind)
}

// DataRef records one dataset a model was trained on.
type DataRef struct {
	Path   string `json:"path"`
	SHA256 string `json:"sha256"`
	Agent  string `json:"agent"`
	Seed   uint64 `json:"seed"`
	Games  int    `json:"games"`
	Rows   int    `json:"rows"`
}

// Training records how a model was made.
type Training struct {
	Data        []DataRef  `json:"data"`
	TrainRows   int        `json:"train_rows"`
	HeldOutRows int        `json:"heldout_rows"`
	Target      string     `json:"target"`
	Fit         FitConfig  `json:"fit,omitzero"`
	Net         *NetConfig `json:"net,omitempty"`
	// Init is the model whose network training started from (a warm
	// start, TrainConfig.Init), if any.
	Init *ModelRef `json:"init,omitempty"`
	// Averaged are the models whose networks' mean this model's is
	// (Average), if it is one: it was not fitted itself.
	Averaged []ModelRef `json:"averaged,omitempty"`
}

// ModelRef records a model file by its path and its contents.
type ModelRef struct {
	Path   string `json:"path"`
	SHA256 string `json:"sha256"`
}

// Metric is one held-out measure.
type Metric struct {
	Name  string  `json:"name"`
	Value float64 `json:"value"`
}

// Model is a fitted model with what it records.
type Model struct {
	Kind           Kind
	Game           string
	FeatureVersion int
	Features       []string
	Training       Training
	Metrics        []Metric
	// Forest or Net, whichever the model is.
	Forest *Forest
	Net    *Net
	// Encoder names the feature encoding read (features.EncoderName).
	Encoder string
	// Actions, for a policy head, is the number of the game's actions.
	Actions int
}

// Scorer scores rows with a model: each row's prediction, appended to
// out[:0]. It keeps scratch space: one per goroutine.
type Scorer interface {
	Score(rows [][]float64, out []float64) []float64
}

// NewScorer returns a scorer of the model's rows.
func (m *Model) NewScorer() Scorer {
	if m.Net != nil {
		return &netScorer{net: m.Net.forInference()}
	}
	return forestScorer{m.Forest}
}

type forestScorer struct{ f *Forest }

// Score implements Scorer.
func (s forestScorer) Score(rows [][]float64, out []float64) []float64 {
	out = out[:0]
	for _, r := range rows {
		out = append(out, s.f.Predict(r))
	}
	return out
}

// Type names the model's kind of predictor: trees or mlp.
func (m *Model) Type() string {
	if m.Net != nil {
		return MLP
	}
	return Trees
}

// The kinds of predictor, as chariot train --model names them.
const (
	Trees = "trees"
	MLP   = "mlp"
)

type file struct {
	Format         string            `json:"format"`
	Version        int               `json:"version"`
	Kind           Kind              `json:"kind"`
	Game           string            `json:"game"`
	FeatureVersion int               `json:"feature_version"`
	Features       []string          `json:"features"`
	Training       Training          `json:"training"`
	Metrics        []Metric          `json:"metrics"`
	Encoder        string            `json:"encoder,omitempty"`
	Actions        int               `json:"actions,omitempty"`
	Checksum       string            `json:"checksum"`
	Trees          []json.RawMessage `json:"trees,omitempty"`
	Net            json.RawMessage   `json:"net,omitempty"`
}

func checksum(raw []json.RawMessage) string {
	h := sha256.New()
	var b bytes.Buffer
	for _, r := range raw {
		b.Reset()
		json.Compact(&b, r)
		h.Write(b.Bytes())
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Marshal encodes the model as a model file.
func (m *Model) Marshal() ([]byte, error) {
	f := file{
		Format: FileFormat, Version: FileVersion, Kind: m.Kind, Game: m.Game,
		FeatureVersion: m.FeatureVersion, Features: m.Features, Training: m.Training, Metrics: m.Metrics,
		Encoder: m.Encoder, Actions: m.Actions,
	}
	if m.Net != nil {
		raw, err := json.Marshal(m.Net.file())
		if err != nil {
			return nil, err
		}
		f.Net, f.Checksum = raw, netChecksum(raw)
	} else {
		f.Trees, f.Checksum = m.Forest.raw, checksum(m.Forest.raw)
	}
	b, err := json.Marshal(f)
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// Save writes the model file at path atomically (package atomicfile): a
// reader, or the next run after a crash, sees the old model or the new
// one, never half a model.
func (m *Model) Save(path string) error {
	b, err := m.Marshal()
	if err == nil {
		err = atomicfile.WriteFile(path, b)
	}
	if err != nil {
		return fmt.Errorf("model %s: %w", path, err)
	}
	return nil
}

// Load reads a model file and checks that it is whole. It does not check
// that the model fits a game: see Check.
func Load(path string) (*Model, error) {
	m, _, err := load(path)
	return m, err
}

// load reads and checks the model file at path, and gives its bytes too.
func load(path string) (*Model, []byte, error) {
	b, err := regular.ReadFile(path, MaxFileSize)
	if err != nil {
		return nil, nil, fmt.Errorf("model %s: %w", path, err)
	}
	m, err := Unmarshal(b)
	if err != nil {
		return nil, nil, fmt.Errorf("model %s: %w", path, err)
	}
	return m, b, nil
}

// Start is a model to start training from (TrainConfig.Init), with its
// file's record.
type Start struct {
	Model *Model
	Ref   ModelRef
}

// LoadStart reads the model file at path to start training from.
func LoadStart(path string) (*Start, error) {
	m, b, err := load(path)
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(b)
	return &Start{Model: m, Ref: ModelRef{Path: path, SHA256: hex.EncodeToString(sum[:])}}, nil
}

// startFrom checks that s can start the training of m (the model being
// fitted, before its network) with cfg: a network of the same kind, game,
// features and layers.
func (s *Start) startFrom(m *Model, cfg NetConfig) error {
	i := s.Model
	why := ""
	switch {
	case i.Net == nil:
		why = "it is trees, not a network"
	case i.Kind != m.Kind || i.Head() != m.Head():
		why = fmt.Sprintf("it is a %s, not a %s", i.describe(), m.describe())
	case i.Game != m.Game:
		why = fmt.Sprintf("it is of game %s, the data of %s", i.Game, m.Game)
	case i.FeatureVersion != m.FeatureVersion || i.Encoder != "" && i.Encoder != m.Encoder || !slices.Equal(i.Features, m.Features):
		why = "it reads other features than the data has"
	case !slices.Equal(i.Net.Hidden(), cfg.Hidden):
		why = fmt.Sprintf("its hidden layers are %v, not %v", i.Net.Hidden(), cfg.Hidden)
	case i.Actions != m.Actions:
		why = fmt.Sprintf("it has %d actions, the game %d", i.Actions, m.Actions)
	default:
		return nil
	}
	return fmt.Errorf("cannot start from model %s: %s", s.Ref.Path, why)
}

// describe names the model's kind: a value, a policy or a policy head.
func (m *Model) describe() string {
	if m.Head() {
		return "policy head"
	}
	return string(m.Kind) + " model"
}

// Unmarshal decodes and checks a model file's contents. Its errors say
// what is wrong in the file's terms (its fields, its trees).
func Unmarshal(b []byte) (*Model, error) {
	if len(bytes.TrimSpace(b)) == 0 {
		return nil, errors.New("corrupt or truncated model file: the file is empty")
	}
	var head struct {
		Format any `json:"format"`
	}
	if err := json.Unmarshal(b, &head); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			return nil, fmt.Errorf("not a model file: it holds %s, not a JSON object", jsonValue(te.Value))
		}
		return nil, fmt.Errorf("corrupt or truncated model file: %s", jsonProblem(err))
	}
	if format, ok := head.Format.(string); !ok || format == "" {
		return nil, fmt.Errorf("not a model file: it has no \"format\":%q", FileFormat)
	} else if format != FileFormat {
		return nil, fmt.Errorf("not a model file: its format is %q, not %s", format, FileFormat)
	}
	var f file
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, fmt.Errorf("corrupt model file: %s", jsonProblem(err))
	}
	switch {
	case f.Version != FileVersion:
		return nil, fmt.Errorf("model file version %d, this chariot reads version %d", f.Version, FileVersion)
	case f.Kind != Value && f.Kind != Policy:
		return nil, fmt.Errorf("unknown model kind %q", f.Kind)
	case len(f.Features) == 0:
		return nil, errors.New("corrupt model file: no features")
	case len(f.Net) > 0 && len(f.Trees) > 0:
		return nil, errors.New("corrupt model file: both trees and a network")
	case len(f.Net) > 0:
		var b bytes.Buffer
		if err := json.Compact(&b, f.Net); err != nil || netChecksum(b.Bytes()) != f.Checksum {
			return nil, errors.New("corrupt model file: the network does not match its checksum")
		}
		if f.Actions < 0 || f.Actions > 0 && f.Kind != Policy {
			return nil, fmt.Errorf("corrupt model file: %d actions for a %s model", f.Actions, f.Kind)
		}
		net, err := decodeNet(f.Net, len(f.Features), max(f.Actions, 1))
		if err != nil {
			return nil, fmt.Errorf("corrupt model file: %w", err)
		}
		return &Model{Kind: f.Kind, Game: f.Game, FeatureVersion: f.FeatureVersion, Features: f.Features,
			Training: f.Training, Metrics: f.Metrics, Net: net, Encoder: f.Encoder, Actions: f.Actions}, nil
	case len(f.Trees) == 0:
		return nil, errors.New("corrupt model file: no trees")
	case checksum(f.Trees) != f.Checksum:
		return nil, errors.New("corrupt model file: the trees do not match their checksum")
	}
	forest := &Forest{Features: len(f.Features), raw: f.Trees}
	if err := forest.compile(); err != nil {
		return nil, fmt.Errorf("corrupt model file: %w", err)
	}
	return &Model{Kind: f.Kind, Game: f.Game, FeatureVersion: f.FeatureVersion, Features: f.Features,
		Training: f.Training, Metrics: f.Metrics, Forest: forest, Encoder: f.Encoder}, nil
}

// sameGame reports whether the game spec a model recorded is, read by
// this build, the game spec: a game may have gained an option since the
// model was trained, which the recorded spec does not name, and which
// counts as the same game at its default (a game adds an option with its
// old behaviour as the default).
func sameGame(recorded, spec string) bool {
	g, err := env.NewGame(recorded)
	return err == nil && eval.GameSpec(g) == spec
}

// Check reports, in one line, why the model cannot serve as a model of
// kind k for game g: another kind, another game (or game options), or
// another feature encoding than this build's.
func (m *Model) Check(g env.Game, k Kind) error {
	switch spec := eval.GameSpec(g); {
	case m.Kind != k:
		return fmt.Errorf("is a %s model, not a %s model", m.Kind, k)
	case m.Game != spec && !sameGame(m.Game, spec):
		return fmt.Errorf("was trained for game %s, not %s", m.Game, spec)
	case m.Head() && m.Actions != g.NumDistinctActions():
		return fmt.Errorf("scores %d actions, %s has %d", m.Actions, g.Name(), g.NumDistinctActions())
	}
	for p := range g.NumPlayers() {
		if m.Reads(features.NewEncoder(g, env.Player(p))) {
			return nil
		}
	}
	enc := m.Encoder
	if enc == "" {
		enc = "unnamed"
	}
	return fmt.Errorf("reads features (version %d, %d of them, encoder %s) that this chariot no longer computes for any seat of %s: retrain it",
		m.FeatureVersion, len(m.Features), enc, g.Name())
}
