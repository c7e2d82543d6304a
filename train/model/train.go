package model

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"github.com/chariot-ai/chariot/internal/rng"
	"io"
	"math"
	"slices"
	"sort"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/internal/regular"
	"github.com/chariot-ai/chariot/train/dataset"
	"github.com/chariot-ai/chariot/train/features"
)

// Source is a dataset to train on and the path it was read from.
type Source struct {
	Path string
	Data *dataset.Dataset
}

// ReadSources reads datasets; they must all be of one game and of this
// build's feature version.
func ReadSources(paths []string) ([]Source, error) {
	var out []Source
	for _, p := range paths {
		d, err := dataset.Read(p)
		if err != nil {
			return nil, err
		}
		if len(out) > 0 {
			first := out[0].Data.Header
			switch {
			case d.Header.Game != first.Game:
				return nil, fmt.Errorf("dataset %s is of game %s, dataset %s of %s", p, d.Header.Game, out[0].Path, first.Game)
			case d.Header.FeatureVersion != first.FeatureVersion || !slices.Equal(d.Header.StateFeatures, first.StateFeatures) ||
				!slices.Equal(d.Header.ActionFeatures, first.ActionFeatures):
				return nil, fmt.Errorf("dataset %s records other features than dataset %s (another seat or feature version)", p, out[0].Path)
			}
		}
		if len(d.Rows) == 0 {
			return nil, fmt.Errorf("dataset %s has no complete game", p)
		}
		out = append(out, Source{p, d})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no dataset")
	}
	return out, nil
}

// TrainConfig sets how a model is trained.
type TrainConfig struct {
	// Model is the kind of predictor: Trees (Fit) or MLP (Net).
	Model string
	Fit   FitConfig
	Net   NetConfig
	// Head makes an MLP policy a head over the game's actions, read from
	// the state features (FitHead), instead of a score of each
	// state–action row.
	Head bool
	// Init, if set, is the network training starts from (a warm start):
	// an MLP of the same kind, game, features and hidden layers, refined
	// on the data rather than drawn afresh.
	Init *Start
	// HeldOut is the share of games kept out of training to measure the
	// model on (0.2: one game in five, chosen by a hash of the seed and
	// the game).
	HeldOut float64
}

// DefaultTrain is DefaultFit with a fifth of the games held out.
func DefaultTrain() TrainConfig {
	return TrainConfig{Model: Trees, Fit: DefaultFit(), Net: DefaultNet(), HeldOut: 0.2}
}

// heldOut reports whether game i of source k is held out.
func heldOut(seed uint64, k, i int, share float64) bool {
	z := rng.Mix64(seed + uint64(k)<<32 + uint64(i)*rng.Golden)
	return float64(z>>11)/(1<<53) < share
}

func dataRefs(src []Source) ([]DataRef, error) {
	var refs []DataRef
	for _, s := range src {
		f, err := regular.Open(s.Path)
		if err != nil {
			return nil, err
		}
		h := sha256.New()
		_, err = io.Copy(h, f)
		f.Close()
		if err != nil {
			return nil, err
		}
		refs = append(refs, DataRef{Path: s.Path, SHA256: hex.EncodeToString(h.Sum(nil)), Agent: s.Data.Header.Agent,
			Seed: s.Data.Header.Seed, Games: s.Data.Games(), Rows: len(s.Data.Rows)})
	}
	return refs, nil
}

// fitModel fits the forest or network of a model of kind k and records
// how: the features and their encoder, the datasets it came from, the rows
// and the target. groups, for a policy, are the first rows of each
// decision, then len(xTr).
func fitModel(k Kind, src []Source, cfg TrainConfig, xTr [][]float64, yTr []float64, groups []int, heldRows int, target string) (*Model, error) {
	h := src[0].Data.Header
	names := h.StateFeatures
	if k == Policy {
		names = h.ActionFeatures
	}
	encoder, err := encoderOf(h)
	if err != nil {
		return nil, err
	}
	refs, err := dataRefs(src)
	if err != nil {
		return nil, err
	}
	m := &Model{Kind: k, Game: h.Game, FeatureVersion: h.FeatureVersion, Features: names, Encoder: encoder,
		Training: Training{Data: refs, TrainRows: len(xTr), HeldOutRows: heldRows, Target: target}}
	switch cfg.Model {
	case Trees, "":
		if cfg.Init != nil {
			return nil, fmt.Errorf("a warm start is a network's: give --model %s", MLP)
		}
		m.Training.Fit = cfg.Fit
		m.Forest, err = Fit(xTr, yTr, names, cfg.Fit)
	case MLP:
		if k == Value {
			groups = nil
		}
		var net NetConfig
		if net, err = cfg.warmStart(m); err != nil {
			return nil, err
		}
		m.Training.Net = &net
		m.Net, err = FitNet(xTr, yTr, groups, net)
	default:
		return nil, fmt.Errorf("model %q: want %s or %s", cfg.Model, Trees, MLP)
	}
	if err != nil {
		return nil, err
	}
	return m, nil
}

// warmStart is cfg.Net starting from cfg.Init's network, if any, checked
// against m (the model being fitted); m records where it started.
func (cfg TrainConfig) warmStart(m *Model) (NetConfig, error) {
	net := cfg.Net
	if cfg.Init == nil {
		return net, nil
	}
	if err := cfg.Init.startFrom(m, net); err != nil {
		return net, err
	}
	net.Init = cfg.Init.Model.Net
	ref := cfg.Init.Ref
	m.Training.Init = &ref
	return net, nil
}

// encoderOf names the feature encoder of the dataset's recorded seat.
func encoderOf(h dataset.Header) (string, error) {
	g, err := env.NewGame(h.Game)
	if err != nil {
		return "", fmt.Errorf("dataset of game %s: %w", h.Game, err)
	}
	seat := 0
	if len(h.Seats) > 0 {
		seat = h.Seats[0]
	}
	return features.EncoderName(features.NewEncoder(g, env.Player(seat))), nil
}

// BaselineFeature names the state feature, where a game's encoding has one,
// that estimates the final score by hand: TrainValue measures a value
// model against it.
const BaselineFeature = "value_estimate"

// TrainValue fits a value model: the deciding seat's final return from
// the state features of every recorded decision.
func TrainValue(src []Source, cfg TrainConfig) (*Model, error) {
	var xTr, xTe [][]float64
	var yTr, yTe []float64
	for k, s := range src {
		for i := range s.Data.Rows {
			r := &s.Data.Rows[i]
			if heldOut(cfg.Fit.Seed, k, r.Game, cfg.HeldOut) {
				xTe, yTe = append(xTe, r.State), append(yTe, r.FinalVP)
			} else {
				xTr, yTr = append(xTr, r.State), append(yTr, r.FinalVP)
			}
		}
	}
	if len(xTr) == 0 {
		return nil, fmt.Errorf("no training rows")
	}
	m, err := fitModel(Value, src, cfg, xTr, yTr, nil, len(xTe), "final_vp")
	if err != nil {
		return nil, err
	}
	names := m.Features
	if len(xTe) > 0 {
		pred := m.NewScorer().Score(xTe, nil)
		base := make([]float64, len(xTe))
		// A game's own encoding may carry its hand-made estimate of the
		// final score, the baseline a model has to beat.
		ve := slices.Index(names, BaselineFeature)
		for i, x := range xTe {
			if ve >= 0 {
				base[i] = x[ve]
			}
		}
		r2, mae := regression(pred, yTe)
		m.Metrics = []Metric{{"r2", r2}, {"mae", mae}}
		if ve >= 0 {
			br2, bmae := regression(base, yTe)
			m.Metrics = append(m.Metrics, Metric{"baseline_r2", br2}, Metric{"baseline_mae", bmae})
		}
		m.Metrics = finite(m.Metrics)
	}
	return m, nil
}

// finite drops the metrics that are not finite numbers (R² of held-out
// games that all scored the same), which JSON cannot hold.
func finite(ms []Metric) []Metric {
	var out []Metric
	for _, m := range ms {
		if !math.IsNaN(m.Value) && !math.IsInf(m.Value, 0) {
			out = append(out, m)
		}
	}
	return out
}

// regression returns R² and the mean absolute error of pred against y.
func regression(pred, y []float64) (r2, mae float64) {
	mean := 0.0
	for _, v := range y {
		mean += v
	}
	mean /= float64(len(y))
	var sse, sst float64
	for i := range y {
		d := pred[i] - y[i]
		sse += d * d
		sst += (y[i] - mean) * (y[i] - mean)
		mae += math.Abs(d)
	}
	if sst == 0 {
		return math.NaN(), mae / float64(len(y))
	}
	return 1 - sse/sst, mae / float64(len(y))
}

// TrainPolicy fits a policy model: each legal action's target share
// (dataset.Row.Target) from its state–action features, over the
// decisions with more than one legal action.
func TrainPolicy(src []Source, cfg TrainConfig) (*Model, error) {
	if cfg.Head {
		return trainHead(src, cfg)
	}
	var xTr [][]float64
	var yTr []float64
	var groups []int
	train, test := decisions(src, cfg)
	for _, r := range train {
		groups = append(groups, len(xTr))
		xTr = append(xTr, r.Actions...)
		yTr = append(yTr, r.Target()...)
	}
	if len(xTr) == 0 {
		return nil, fmt.Errorf("no training rows (decisions with a choice)")
	}
	heldRows := 0
	for _, r := range test {
		heldRows += len(r.Legal)
	}
	m, err := fitModel(Policy, src, cfg, xTr, yTr, append(groups, len(xTr)), heldRows, "visit_share")
	if err != nil {
		return nil, err
	}
	if len(test) > 0 {
		m.Metrics = policyMetrics(m, test)
	}
	return m, nil
}

// decisions splits the decisions with a choice into those trained on and
// those of held-out games.
func decisions(src []Source, cfg TrainConfig) (train, test []*dataset.Row) {
	for k, s := range src {
		for i := range s.Data.Rows {
			r := &s.Data.Rows[i]
			switch {
			case len(r.Legal) < 2:
			case heldOut(cfg.Fit.Seed, k, r.Game, cfg.HeldOut):
				test = append(test, r)
			default:
				train = append(train, r)
			}
		}
	}
	return train, test
}

// trainHead fits a policy head (FitHead): from the state features of each
// decision with a choice, the target shares of its legal actions.
func trainHead(src []Source, cfg TrainConfig) (*Model, error) {
	if cfg.Model != MLP {
		return nil, fmt.Errorf("a policy head is a network: give --model %s", MLP)
	}
	h := src[0].Data.Header
	g, err := env.NewGame(h.Game)
	if err != nil {
		return nil, fmt.Errorf("dataset of game %s: %w", h.Game, err)
	}
	var x [][]float64
	var legal [][]int
	var y [][]float64
	train, test := decisions(src, cfg)
	for _, r := range train {
		l := make([]int, len(r.Legal))
		for j, a := range r.Legal {
			l[j] = int(a)
		}
		x, legal, y = append(x, r.State), append(legal, l), append(y, r.Target())
	}
	if len(x) == 0 {
		return nil, fmt.Errorf("no training rows (decisions with a choice)")
	}
	encoder, err := encoderOf(h)
	if err != nil {
		return nil, err
	}
	refs, err := dataRefs(src)
	if err != nil {
		return nil, err
	}
	m := &Model{Kind: Policy, Game: h.Game, FeatureVersion: h.FeatureVersion, Features: h.StateFeatures, Encoder: encoder,
		Actions: g.NumDistinctActions(), Training: Training{Data: refs, TrainRows: len(x), HeldOutRows: len(test), Target: "visit_share"}}
	nc, err := cfg.warmStart(m)
	if err != nil {
		return nil, err
	}
	m.Training.Net = &nc
	if m.Net, err = FitHead(x, legal, y, m.Actions, nc); err != nil {
		return nil, err
	}
	if len(test) > 0 {
		m.Metrics = policyMetrics(m, test)
	}
	return m, nil
}

// ScoreDecision appends to out[:0] the model's score of each legal action
// of a decision, given its state features and the state–action features of
// each legal action (a policy head reads the former, other policies the
// latter); sc is the model's scorer.
func (m *Model) ScoreDecision(sc Scorer, state []float64, actions [][]float64, legal []env.Action, out []float64) []float64 {
	if !m.Head() {
		return sc.Score(actions, out)
	}
	logits := sc.(*netScorer).Logits(state)
	out = out[:0]
	for _, a := range legal {
		out = append(out, logits[a])
	}
	return out
}

// policyMetrics measures on decisions: accuracy (the best-scored action
// is the one played), top-3 (the one played is among the three best), and
// the same for a uniform random choice.
func policyMetrics(m *Model, test []*dataset.Row) []Metric {
	var acc, top3, racc, rtop3 float64
	sc := m.NewScorer()
	scores := make([]float64, 0, 64)
	order := make([]int, 0, 64)
	for _, r := range test {
		scores, order = m.ScoreDecision(sc, r.State, r.Actions, r.Legal, scores), order[:0]
		for k := range r.Legal {
			order = append(order, k)
		}
		sort.SliceStable(order, func(a, b int) bool { return scores[order[a]] > scores[order[b]] })
		chosen := slices.Index(r.Legal, r.Chosen)
		if order[0] == chosen {
			acc++
		}
		if slices.Contains(order[:min(3, len(order))], chosen) {
			top3++
		}
		n := float64(len(r.Legal))
		racc += 1 / n
		rtop3 += math.Min(3, n) / n
	}
	n := float64(len(test))
	return []Metric{{"accuracy", acc / n}, {"top3", top3 / n}, {"random_accuracy", racc / n}, {"random_top3", rtop3 / n}}
}
