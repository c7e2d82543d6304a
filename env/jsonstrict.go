package env

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
)

// DecodeStrict decodes exactly one JSON value from data into v, rejecting
// unknown fields and trailing content: the reading games use for saved
// states and data files, where a misspelt key must not pass silently.
func DecodeStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return errors.New("trailing content after the JSON value")
	}
	return nil
}
