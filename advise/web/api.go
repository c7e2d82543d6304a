package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
)

// maxBody bounds a request body: every request is a few short fields.
const maxBody = 64 << 10

// apiError is an error with the HTTP status it answers.
type apiError struct {
	status int
	msg    string
}

func (e *apiError) Error() string { return e.msg }

func badRequest(format string, args ...any) error {
	return &apiError{http.StatusBadRequest, fmt.Sprintf(format, args...)}
}

func conflict(format string, args ...any) error {
	return &apiError{http.StatusConflict, fmt.Sprintf(format, args...)}
}

// errorBody is every error's JSON.
type errorBody struct {
	Error string `json:"error"`
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		status, data = http.StatusInternalServerError, []byte(`{"error":"cannot encode the answer"}`)
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_, _ = w.Write(append(data, '\n'))
}

func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, errorBody{Error: msg})
}

// get serves a read of the session under the mutex.
func (s *Server) get(fn func() any) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		v := fn()
		s.mu.Unlock()
		writeJSON(w, http.StatusOK, v)
	}
}

// post checks a JSON request and serves fn's answer, or its error as a 4xx
// with a one-line message. Requiring application/json keeps other sites'
// pages from posting here without a CORS preflight, which is never granted.
func post(fn func(r *http.Request) (any, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
		if err != nil || mt != "application/json" {
			writeError(w, http.StatusUnsupportedMediaType, "send the request as Content-Type: application/json")
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, maxBody)
		v, err := fn(r)
		if err != nil {
			var ae *apiError
			status := http.StatusBadRequest
			if errors.As(err, &ae) {
				status = ae.status
			}
			writeError(w, status, err.Error())
			return
		}
		writeJSON(w, http.StatusOK, v)
	}
}

// decode reads a request body of one JSON object into dst; an empty body
// leaves dst as it is.
func decode(r *http.Request, dst any) error {
	data, err := io.ReadAll(r.Body)
	if err != nil {
		var mb *http.MaxBytesError
		if errors.As(err, &mb) {
			return &apiError{http.StatusRequestEntityTooLarge, fmt.Sprintf("request body over %d bytes", mb.Limit)}
		}
		return badRequest("reading the request: %v", err)
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		return badRequest("bad JSON request: %v", err)
	}
	if dec.More() {
		return badRequest("bad JSON request: more than one value")
	}
	return nil
}
