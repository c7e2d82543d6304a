package main

import (
	"encoding/json"

	"github.com/chariot-ai/chariot/train/model"
)

// policyFile is a policy network trained outside Go, as Python sends it:
// a network scoring each legal action from its action features (a score
// is a logit of the softmax over the decision's legal actions), in the
// layout of model.Net, and how it was trained.
type policyFile struct {
	Net      model.Net      `json:"net"`
	Training model.Training `json:"training"`
	Metrics  []model.Metric `json:"metrics"`
}

// savePolicy writes p as a chariot policy model of s's game and seat, and
// checks it as chariot bench will (learned:model=path).
func savePolicy(s *session, p policyFile, path string) error {
	m := &model.Model{Kind: model.Policy, Game: s.info.Game, FeatureVersion: s.info.FeatureVersion,
		Features: s.info.ActionFeatures, Encoder: s.info.Encoder, Training: p.Training, Metrics: p.Metrics, Net: &p.Net}
	b, err := m.Marshal()
	if err != nil {
		return err
	}
	// Read back as a model file is read: a malformed network is refused here.
	if m, err = model.Unmarshal(b); err != nil {
		return badInput("chariot: policy: %v", err)
	}
	if err := m.Check(s.game, model.Policy); err != nil {
		return badInput("chariot: policy %v", err)
	}
	return m.Save(path)
}

// decodePolicy reads Python's policy JSON.
func decodePolicy(b []byte) (policyFile, error) {
	var p policyFile
	if err := json.Unmarshal(b, &p); err != nil {
		return p, badInput("chariot: policy: %v", err)
	}
	return p, nil
}
