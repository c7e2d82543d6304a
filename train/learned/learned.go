// Package learned plays with the models of package train/model: the
// agent "learned" plays a policy model's best-scored action without
// search, and the search evaluator "learned" scores a cut-off rollout with
// a value model. Both register themselves.
//
// The agent takes its model from its model option (learned:model=FILE),
// the evaluator from its argument (eval=learned:FILE); either falls back
// on the environment variable CHARIOT_POLICY_MODEL or CHARIOT_VALUE_MODEL.
// So the learned policy serves search as the rollout agent and through it
// as the PUCT prior, and the learned value as the leaf evaluator:
//
//	chariot bench --agents learned:model=policy.json,mcts:sims=50,rollout=learned:model=policy.json,prior=3,depth=10,eval=learned:value.json
//
// Register names further pairs at run time, for programs that hold
// several models at once (chariot train iterate).
//
// Loaded models are kept in a cache by path and file modification time,
// shared by every agent and evaluator of the process: a search builds a
// rollout agent per worker, and must not parse the file each time.
package learned

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"sync"
	"time"

	"github.com/chariot-ai/chariot/agents"
	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/search"
	"github.com/chariot-ai/chariot/train/features"
	"github.com/chariot-ai/chariot/train/model"
)

// Environment variables naming the default models.
const (
	PolicyEnv = "CHARIOT_POLICY_MODEL"
	ValueEnv  = "CHARIOT_VALUE_MODEL"
)

// OptionDocs are the options of a learned agent.
var OptionDocs = []env.OptionDoc{
	{Name: "model", Default: "", Help: "policy model file (default: $" + PolicyEnv + ")"},
	{Name: "temp", Default: "0", Help: "0: play the best-scored action; above 0: sample actions with probability ∝ exp(score/temp)"},
}

func init() {
	Register("learned", "", "")
}

// Register adds an agent and a search evaluator named name, for the
// policy model at policyPath and the value model at valuePath; an empty
// path means the one in the environment variable, read when the agent or
// evaluator is built.
func Register(name, policyPath, valuePath string) {
	docs := make([]env.OptionDoc, len(OptionDocs))
	copy(docs, OptionDocs)
	if policyPath != "" {
		docs[0].Default = policyPath
		docs[0].Help = "policy model file"
	}
	agents.Register(agents.Registration{
		Name:        name,
		Description: "plays the action a learned policy model (bagged golearn trees over train/features) scores best, without search",
		Options:     docs,
		New: func(g env.Game, p env.Params, seed uint64) (agents.Agent, error) {
			path := p["model"]
			if path == "" {
				path = docs[0].Default
			}
			if path == "" {
				path = os.Getenv(PolicyEnv)
			}
			if path == "" {
				return nil, fmt.Errorf("no policy model: give model=FILE or set %s", PolicyEnv)
			}
			temp, err := agents.Float(p, docs[1], 0, 1e6)
			if err != nil {
				return nil, err
			}
			m, err := Open(path, g, model.Policy)
			if err != nil {
				return nil, err
			}
			return NewAgent(g, m, temp, seed)
		},
	})
	search.RegisterEvaluator(name, func(g env.Game, arg string) (search.Evaluator, error) {
		path := arg
		if path == "" {
			path = valuePath
		}
		if path == "" {
			path = os.Getenv(ValueEnv)
		}
		if path == "" {
			return nil, fmt.Errorf("evaluator %s: no value model: give %s:FILE or set %s", name, name, ValueEnv)
		}
		m, err := Open(path, g, model.Value)
		if err != nil {
			return nil, err
		}
		return NewEvaluator(g, m)
	})
}

// cache holds the models loaded, by path.
var cache struct {
	sync.Mutex
	m map[string]cached
}

type cached struct {
	mod   time.Time
	size  int64
	model *model.Model
}

// Open loads the model file at path (from the cache if the file has not
// changed) and checks that it is a model of kind k for g.
func Open(path string, g env.Game, k model.Kind) (*model.Model, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("model %s: %w", path, errors.Unwrap(err))
	}
	cache.Lock()
	c, ok := cache.m[path]
	cache.Unlock()
	if !ok || !c.mod.Equal(fi.ModTime()) || c.size != fi.Size() {
		m, err := model.Load(path)
		if err != nil {
			return nil, err
		}
		c = cached{fi.ModTime(), fi.Size(), m}
		cache.Lock()
		if cache.m == nil {
			cache.m = map[string]cached{}
		}
		cache.m[path] = c
		cache.Unlock()
	}
	if err := c.model.Check(g, k); err != nil {
		return nil, fmt.Errorf("model %s %w", path, err)
	}
	return c.model, nil
}

// Agent plays a policy model's choice.
type Agent struct {
	encs   []env.FeatureEncoder // by seat; nil where the model reads other features
	legal  []env.Action
	forest *model.Forest
	temp   float64
	rng    *rand.Rand
	row    []float64
	scores []float64
}

// NewAgent builds an agent playing policy model m (checked for g) at
// temperature temp.
func NewAgent(g env.Game, m *model.Model, temp float64, seed uint64) (*Agent, error) {
	if err := m.Check(g, model.Policy); err != nil {
		return nil, fmt.Errorf("model %w", err)
	}
	return &Agent{encs: seatEncoders(g, m), forest: m.Forest, temp: temp, rng: rand.New(rand.NewPCG(seed, 0x4c4541524e))}, nil
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
	enc := a.encs[s.CurrentPlayer()]
	enc.Reset(s)
	a.legal = s.LegalActions(a.legal)
	a.scores = a.scores[:0]
	for _, act := range a.legal {
		a.row = enc.EncodeAction(act, a.row)
		a.scores = append(a.scores, a.forest.Predict(a.row))
	}
	return a.legal, a.scores
}

// Act implements agents.Agent.
func (a *Agent) Act(ctx context.Context, s env.State) (env.Action, error) {
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
	forest *model.Forest
	row    []float64
	mu     sync.Mutex
}

// NewEvaluator builds a leaf evaluator from value model m (checked for g).
// It is safe for concurrent use, as a parallel search needs.
func NewEvaluator(g env.Game, m *model.Model) (*Evaluator, error) {
	if err := m.Check(g, model.Value); err != nil {
		return nil, fmt.Errorf("model %w", err)
	}
	return &Evaluator{encs: seatEncoders(g, m), forest: m.Forest}, nil
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
			e.row = enc.EncodeState(e.row)
			out[p] = e.forest.Predict(e.row)
		}
	}
	return out
}
