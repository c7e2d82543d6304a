package model

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
)

// jsonProblem says what encoding/json found wrong with a file, in the
// file's terms (a field and what it holds) rather than Go's types.
func jsonProblem(err error) string {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &te) && te.Field != "":
		return fmt.Sprintf("field %s holds %s, want %s", te.Field, jsonValue(te.Value), jsonWant(te.Type))
	case errors.As(err, &te):
		return fmt.Sprintf("it holds %s, want %s", jsonValue(te.Value), jsonWant(te.Type))
	case errors.As(err, &se) && se.Error() == "unexpected end of JSON input":
		return "it ends in the middle of a JSON value"
	case errors.As(err, &se):
		return fmt.Sprintf("not JSON at byte %d (%s)", se.Offset, se.Error())
	}
	return strings.TrimPrefix(err.Error(), "json: ")
}

// jsonValue names the kind of JSON value encoding/json reports ("array",
// "number 1.5") with its article.
func jsonValue(v string) string {
	switch {
	case v == "array" || v == "object":
		return "an " + v
	case v == "bool":
		return "true or false"
	case strings.HasPrefix(v, "number "):
		return "the " + v
	}
	return "a " + v
}

// jsonWant names the JSON value a Go type is read from.
func jsonWant(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice, reflect.Array:
		return "an array"
	}
	return "an object"
}
