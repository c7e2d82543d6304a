// Package learned plays with the models of package train/model: the
// agent "learned" plays a policy model's best-scored action without
// search, and the search evaluator "learned" scores a cut-off rollout with
// a value model. Both register themselves.
//
// The agent takes its model from its model option (learned:model=FILE),
// the evaluator from its argument (eval=learned:FILE): a spec says
// everything, so a results file or a champion's spec replays as written.
// So the learned policy serves search as the rollout agent and through it
// as the PUCT prior, and the learned value as the leaf evaluator:
//
//	chariot bench --agents learned:model=policy.json,mcts:sims=50,rollout=learned:model=policy.json,prior=3,depth=10,eval=learned:value.json
//
// Loaded models are kept in a small cache by path, shared by every agent
// and evaluator of the process (a search builds a rollout agent per
// worker, and must not parse the file each time); it holds the few most
// recently used models, so a long run through many model files (chariot
// train iterate) does not keep them all.
package learned

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"sync"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
	"github.com/chariot-ai/chariot/search"
	"github.com/chariot-ai/chariot/train/features"
	"github.com/chariot-ai/chariot/train/model"
	trainmodels "github.com/chariot-ai/chariot/train/models"
)

// optionDocs are the options of a learned agent.
var optionDocs = []env.OptionDoc{
	{Name: "model", Default: "", Help: "policy model file (chariot train policy), or the name of a shipped model (train/models)", Kind: env.FileOption},
	{Name: "temp", Default: "0", Help: "0: play the best-scored action; above 0: sample actions with probability ∝ exp(score/temp)"},
	{Name: "at", Default: "", Help: "decision kinds the model plays, joined by '+' (games that name them); plan plays the others (default: all)"},
	{Name: "plan", Default: "", Help: "agent spec that plays the decisions not in at, options separated by ';' (default: the game's rollout agent)", Kind: env.AgentOption},
}

func init() {
	agents.Register(agents.Registration{
		Name:        "learned",
		Description: "plays the action a learned policy model (bagged golearn trees over train/features) scores best, without search",
		Options:     optionDocs,
		New: func(g env.Game, p env.Params, seed uint64) (agents.Agent, error) {
			path := p["model"]
			if path == "" {
				return nil, errors.New("learned: no policy model: give learned:model=FILE")
			}
			temp, err := agents.Float(p, optionDocs[1], 0, 1e6)
			if err != nil {
				return nil, err
			}
			m, err := Open(path, g, model.Policy)
			if err != nil {
				return nil, err
			}
			a, err := NewAgent(g, m, temp, seed)
			if err != nil {
				return nil, err
			}
			return a, a.setPlan(g, p, seed)
		},
	})
	search.RegisterPolicy("learned", func(g env.Game, path string) (search.PriorPolicy, error) {
		if path == "" {
			return nil, errors.New("policy learned: no policy model: give learned:FILE")
		}
		m, err := Open(path, g, model.Policy)
		if err != nil {
			return nil, err
		}
		return NewPrior(g, m)
	})
	search.RegisterEvaluator("learned", func(g env.Game, path string) (search.Evaluator, error) {
		if path == "" {
			return nil, errors.New("evaluator learned: no value model: give learned:FILE")
		}
		m, err := Open(path, g, model.Value)
		if err != nil {
			return nil, err
		}
		return NewEvaluator(g, m)
	})
}

// cacheSize bounds the models the cache keeps: a benchmark of a few
// learned agents and searches uses a few models at once.
const cacheSize = 8

// cache holds the models loaded, the most recently used last.
var cache struct {
	sync.Mutex
	entries []cached
}

type cached struct {
	path  string
	file  os.FileInfo
	model *model.Model
}

// Open loads the model file at path (from the cache if the file has not
// been replaced or changed since), or where no file has that name the
// shipped model of that name (package train/models), and checks that it
// is a model of kind k for g.
func Open(path string, g env.Game, k model.Kind) (*model.Model, error) {
	fi, err := os.Stat(path)
	if err != nil {
		if b, ok := trainmodels.File(path, string(k)); ok && errors.Is(err, os.ErrNotExist) {
			return openShipped(path, b, g, k)
		}
		if names := trainmodels.Names(string(k)); errors.Is(err, os.ErrNotExist) && len(names) > 0 {
			return nil, fmt.Errorf("model %s: no such file, nor a shipped %s model (shipped: %s)", path, k, strings.Join(names, ", "))
		}
		return nil, fmt.Errorf("model %s: %w", path, errors.Unwrap(err))
	}
	m := cachedModel(path, fi)
	if m == nil {
		if m, err = model.Load(path); err != nil {
			return nil, err
		}
		cacheModel(path, fi, m)
	}
	if err := m.Check(g, k); err != nil {
		return nil, fmt.Errorf("model %s %w", path, err)
	}
	return m, nil
}

// shipped holds the shipped models loaded, by name and kind.
var shipped sync.Map

// openShipped loads the shipped model name of kind k (its file's bytes b)
// once, and checks it for g.
func openShipped(name string, b []byte, g env.Game, k model.Kind) (*model.Model, error) {
	key := name + "-" + string(k)
	v, ok := shipped.Load(key)
	if !ok {
		m, err := model.Unmarshal(b)
		if err != nil {
			return nil, fmt.Errorf("shipped model %s: %w", key, err)
		}
		v, _ = shipped.LoadOrStore(key, m)
	}
	m := v.(*model.Model)
	if err := m.Check(g, k); err != nil {
		return nil, fmt.Errorf("shipped model %s %w", key, err)
	}
	return m, nil
}

// cachedModel is the cached model of path if fi is the file it was
// loaded from, unchanged, or nil.
func cachedModel(path string, fi os.FileInfo) *model.Model {
	cache.Lock()
	defer cache.Unlock()
	i := slices.IndexFunc(cache.entries, func(c cached) bool { return c.path == path })
	if i < 0 {
		return nil
	}
	c := cache.entries[i]
	cache.entries = slices.Delete(cache.entries, i, i+1)
	if !os.SameFile(c.file, fi) || !c.file.ModTime().Equal(fi.ModTime()) || c.file.Size() != fi.Size() {
		return nil
	}
	cache.entries = append(cache.entries, c)
	return c.model
}

// cacheModel keeps m as the model of path, dropping the least recently
// used model beyond cacheSize.
func cacheModel(path string, fi os.FileInfo, m *model.Model) {
	cache.Lock()
	defer cache.Unlock()
	cache.entries = slices.DeleteFunc(cache.entries, func(c cached) bool { return c.path == path })
	cache.entries = append(cache.entries, cached{path, fi, m})
	if n := len(cache.entries) - cacheSize; n > 0 {
		cache.entries = slices.Delete(cache.entries, 0, n)
	}
}

// Agent plays a policy model's choice.
type Agent struct {
	at     []string             // decision kinds the model plays (nil: all)
	plan   agents.Agent         // plays the others
	encs   []env.FeatureEncoder // by seat; nil where the model reads other features
	legal  []env.Action
	model  *model.Model
	scorer model.Scorer
	temp   float64
	rng    *rand.Rand
	state  []float64
	rows   [][]float64
	scores []float64
}

// NewAgent builds an agent playing policy model m (checked for g) at
// temperature temp.
func NewAgent(g env.Game, m *model.Model, temp float64, seed uint64) (*Agent, error) {
	if err := m.Check(g, model.Policy); err != nil {
		return nil, fmt.Errorf("model %w", err)
	}
	return &Agent{encs: seatEncoders(g, m), model: m, scorer: m.NewScorer(), temp: temp, rng: rand.New(rand.NewPCG(seed, 0x4c4541524e))}, nil
}

// seatEncoders gives each seat of g its feature encoder where the model
// reads its features, nil elsewhere.
func seatEncoders(g env.Game, m *model.Model) []env.FeatureEncoder {
	encs := make([]env.FeatureEncoder, g.NumPlayers())
	for p := range encs {
		if e := features.NewEncoder(g, env.Player(p)); m.Reads(e) {
			encs[p] = e
		}
	}
	return encs
}

// Scores loads s and returns the model's score of each legal action, in
// the order of the legal actions it also returns. Both slices are the
// agent's, valid until the next call.
func (a *Agent) Scores(s env.State) ([]env.Action, []float64) {
	a.legal = s.LegalActions(a.legal)
	a.scores = a.score(a.encs[s.CurrentPlayer()], s, a.legal, a.scores)
	return a.legal, a.scores
}

// score appends to out[:0] the model's score of each of the legal actions
// of s, read with enc: from the state features for a policy head, else from
// each action's state–action features.
func (a *Agent) score(enc env.FeatureEncoder, s env.State, legal []env.Action, out []float64) []float64 {
	enc.Reset(s)
	if a.model.Head() {
		a.state = enc.EncodeState(a.state)
		return a.model.ScoreDecision(a.scorer, a.state, nil, legal, out)
	}
	for len(a.rows) < len(legal) {
		a.rows = append(a.rows, nil)
	}
	a.rows = a.rows[:len(legal)]
	for i, act := range legal {
		a.rows[i] = enc.EncodeAction(act, a.rows[i])
	}
	return a.model.ScoreDecision(a.scorer, nil, a.rows, legal, out)
}

// setPlan reads options at and plan: the agent then plays the model's
// choice at the kinds of decision in at and the plan's at the others, as
// a search with option at does (the search the model learned from, say).
func (a *Agent) setPlan(g env.Game, p env.Params, seed uint64) error {
	if p["at"] == "" {
		if p["plan"] != "" {
			return errors.New("learned: option plan needs option at (the decisions the model plays)")
		}
		return nil
	}
	dk, ok := g.(env.DecisionKinds)
	if !ok {
		return fmt.Errorf("learned: option at: %s does not name its kinds of decision", g.Name())
	}
	at, err := agents.Choices(p, optionDocs[2], "+", dk.DecisionKinds(), "a kind of decision of "+g.Name())
	if err != nil {
		return err
	}
	spec := strings.ReplaceAll(p["plan"], ";", ",")
	if spec == "" {
		if spec = agents.RolloutAgent(g); spec == "" {
			return fmt.Errorf("learned: option at: %s has no rollout agent to play the other decisions: give plan=AGENT", g.Name())
		}
	}
	if a.plan, err = agents.New(spec, g, seed^0x706c616e); err != nil {
		return fmt.Errorf("learned: option plan: %w", err)
	}
	a.at = at
	return nil
}

// Act implements agents.Agent.
func (a *Agent) Act(ctx context.Context, s env.State) (env.Action, error) {
	if a.plan != nil {
		if k, ok := s.(env.DecisionKinder); ok && !slices.Contains(a.at, k.DecisionKind()) {
			return a.plan.Act(ctx, s)
		}
	}
	if p := s.CurrentPlayer(); p < 0 || int(p) >= len(a.encs) || a.encs[p] == nil {
		return 0, fmt.Errorf("learned: the policy model was trained on another seat's features than %s's", env.SeatName(s.Game(), p))
	}
	legal, scores := a.Scores(s)
	if len(legal) == 0 {
		return 0, errors.New("learned: no legal action")
	}
	if a.temp > 0 {
		hi := math.Inf(-1)
		for _, v := range scores {
			hi = max(hi, v)
		}
		total := 0.0
		for _, v := range scores {
			total += math.Exp((v - hi) / a.temp)
		}
		u := a.rng.Float64() * total
		for i, v := range scores {
			u -= math.Exp((v - hi) / a.temp)
			if u < 0 {
				return legal[i], nil
			}
		}
		return legal[len(legal)-1], nil
	}
	// The best score; ties go to a random one of the best.
	best, n := 0, 0
	for i, v := range scores {
		switch {
		case v > scores[best]:
			best, n = i, 1
		case v == scores[best]:
			n++
			if a.rng.IntN(n) == 0 {
				best = i
			}
		}
	}
	return legal[best], nil
}

// Evaluator estimates each seat's final return with a value model: the
// model reads the state as each seat sees it. A seat whose features the
// model does not read keeps its running return (env.State.Returns).
type Evaluator struct {
	encs   []env.FeatureEncoder
	scorer model.Scorer
	row    [][]float64
	out    []float64
	mu     sync.Mutex
}

// NewEvaluator builds a leaf evaluator from value model m (checked for g).
// It is safe for concurrent use, as a parallel search needs.
func NewEvaluator(g env.Game, m *model.Model) (*Evaluator, error) {
	if err := m.Check(g, model.Value); err != nil {
		return nil, fmt.Errorf("model %w", err)
	}
	return &Evaluator{encs: seatEncoders(g, m), scorer: m.NewScorer(), row: make([][]float64, 1)}, nil
}

// Evaluate implements search.Evaluator.
func (e *Evaluator) Evaluate(s env.State) []float64 {
	e.mu.Lock()
	defer e.mu.Unlock()
	out := slices.Clone(s.Returns())
	if s.IsTerminal() {
		return out
	}
	for p, enc := range e.encs {
		if enc != nil {
			enc.Reset(s)
			e.row[0] = enc.EncodeState(e.row[0])
			e.out = e.scorer.Score(e.row, e.out)
			out[p] = e.out[0]
		}
	}
	return out
}

// Prior gives search a policy model's prior: a network's softmax over the
// legal actions (its scores are the logits it was trained with), or the
// trees' predicted visit shares, normalised. It is safe for concurrent use.
type Prior struct {
	mu     sync.Mutex
	agent  *Agent
	logits bool
}

// NewPrior builds the search prior of policy model m (checked for g).
func NewPrior(g env.Game, m *model.Model) (*Prior, error) {
	a, err := NewAgent(g, m, 0, 0)
	if err != nil {
		return nil, err
	}
	return &Prior{agent: a, logits: m.Net != nil}, nil
}

// Prior implements search.PriorPolicy.
func (p *Prior) Prior(s env.State, legal []env.Action, out []float64) []float64 {
	p.mu.Lock()
	defer p.mu.Unlock()
	a := p.agent
	out = out[:0]
	enc := a.encs[s.CurrentPlayer()]
	if enc == nil {
		for range legal {
			out = append(out, 1/float64(len(legal)))
		}
		return out
	}
	out = a.score(enc, s, legal, out)
	if !p.logits {
		sum := 0.0
		for i, v := range out {
			out[i] = max(v, 0) + 1e-3 // a share the trees gave no action is still tried
			sum += out[i]
		}
		for i := range out {
			out[i] /= sum
		}
		return out
	}
	model.Softmax(out)
	return out
}
