package model

import "errors"

// Starts are the networks a policy and a value start their training from
// (TrainConfig.Init); nil starts afresh.
type Starts struct{ Policy, Value *Start }

// TrainPair fits a policy and a value model on the datasets at paths,
// each from its start, and saves them to policyPath and valuePath, as an
// expert-iteration round or a test that needs both models does.
func TrainPair(paths []string, cfg TrainConfig, from Starts, policyPath, valuePath string) (policy, value *Model, err error) {
	src, err := ReadSources(paths)
	if err != nil {
		return nil, nil, err
	}
	cfg.Init = from.Policy
	if policy, err = TrainPolicy(src, cfg); err != nil {
		return nil, nil, err
	}
	cfg.Init = from.Value
	if value, err = TrainValue(src, cfg); err != nil {
		return nil, nil, err
	}
	if err := errors.Join(policy.Save(policyPath), value.Save(valuePath)); err != nil {
		return nil, nil, err
	}
	return policy, value, nil
}
