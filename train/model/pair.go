package model

import "errors"

// TrainPair fits a policy and a value model on the datasets at paths and
// saves them to policyPath and valuePath, as an expert-iteration round or
// a test that needs both models does.
func TrainPair(paths []string, cfg TrainConfig, policyPath, valuePath string) (policy, value *Model, err error) {
	src, err := ReadSources(paths)
	if err != nil {
		return nil, nil, err
	}
	if policy, err = TrainPolicy(src, cfg); err != nil {
		return nil, nil, err
	}
	if value, err = TrainValue(src, cfg); err != nil {
		return nil, nil, err
	}
	if err := errors.Join(policy.Save(policyPath), value.Save(valuePath)); err != nil {
		return nil, nil, err
	}
	return policy, value, nil
}
