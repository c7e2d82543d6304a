package model

import (
	"fmt"
	"slices"
)

// Average is the model whose network's weights and biases are the
// element-wise mean of the networks of models, summed in the order given
// (a uniform "model soup", Wortsman et al., 2022). Networks refined from
// one another round after round (a warm start, TrainConfig.Init) share their
// input standardisation and lie close together, and their mean can play
// better than each of them. The models must be networks of one kind, game,
// feature encoding and shape, with the same standardisation and output
// scale; the first error names the file (refs, one per model) that differs.
// The model records refs and the union of their training data; it has no
// held-out metrics, since the games one source held out another may have
// trained on.
func Average(models []*Model, refs []ModelRef) (*Model, error) {
	if len(models) < 2 || len(refs) != len(models) {
		return nil, fmt.Errorf("average: want two models or more, each with its file")
	}
	first := models[0]
	if first.Net == nil {
		return nil, fmt.Errorf("average: model %s is trees, not a network", refs[0].Path)
	}
	for i, m := range models[1:] {
		if why := sameNetwork(first, m); why != "" {
			return nil, fmt.Errorf("average: model %s cannot be averaged with model %s: %s", refs[i+1].Path, refs[0].Path, why)
		}
	}
	net := first.Net.clone()
	for _, m := range models[1:] {
		for li, l := range m.Net.Layers {
			for i, w := range l.W {
				net.Layers[li].W[i] += w
			}
			for i, b := range l.B {
				net.Layers[li].B[i] += b
			}
		}
	}
	k := float64(len(models))
	for _, l := range net.Layers {
		for i := range l.W {
			l.W[i] /= k
		}
		for i := range l.B {
			l.B[i] /= k
		}
	}
	var data []DataRef
	for _, m := range models {
		for _, d := range m.Training.Data {
			if !slices.ContainsFunc(data, func(e DataRef) bool { return e.SHA256 == d.SHA256 }) {
				data = append(data, d)
			}
		}
	}
	return &Model{Kind: first.Kind, Game: first.Game, FeatureVersion: first.FeatureVersion, Features: first.Features,
		Encoder: first.Encoder, Actions: first.Actions, Net: net,
		Training: Training{Data: data, Target: first.Training.Target, Averaged: slices.Clone(refs)}}, nil
}

// sameNetwork says why m's network cannot be averaged with a's, or "" if
// it can.
func sameNetwork(a, m *Model) string {
	switch {
	case m.Net == nil:
		return "it is trees, not a network"
	case m.Kind != a.Kind || m.Head() != a.Head():
		return fmt.Sprintf("it is a %s, not a %s", m.describe(), a.describe())
	case m.Game != a.Game:
		return fmt.Sprintf("it is of game %s, not %s", m.Game, a.Game)
	case m.FeatureVersion != a.FeatureVersion || m.Encoder != a.Encoder || !slices.Equal(m.Features, a.Features) || m.Actions != a.Actions:
		return "it reads other features"
	case !slices.Equal(m.Net.Hidden(), a.Net.Hidden()):
		return fmt.Sprintf("its hidden layers are %v, not %v", m.Net.Hidden(), a.Net.Hidden())
	case !slices.Equal(m.Net.Mean, a.Net.Mean) || !slices.Equal(m.Net.Std, a.Net.Std) ||
		m.Net.OutScale != a.Net.OutScale || m.Net.OutShift != a.Net.OutShift:
		return "it standardises its inputs or scales its output otherwise (the two were not refined from one network)"
	}
	return ""
}
