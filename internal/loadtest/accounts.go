package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strconv"

	"github.com/tabula-games/tabula/internal/protocol"
)

// Accounts mode (-accounts N): the load generator signs up N accounts
// before the setup and plays every match as two of them, as logged-in
// players would: the create and the join carry a session cookie and its
// CSRF token, the seats are bound to the accounts in the join's
// transaction, the WebSocket upgrade carries the creator's cookie (the
// server reads the account's seats once per connection), and every match
// is rated with a Fischer clock, so each one that ends updates two
// ratings in the transaction of its result. A few accounts are enough:
// one account may hold seats in any number of matches, and each signup
// costs an argon2id hash on the server.

// ratedControl is the accounts mode's clock: rated matches need one, and
// an hour never runs out within a load test.
var ratedControl = protocol.TimeControl{Kind: "fischer", BaseMs: 3_600_000}

// loadAccount is a logged-in account of the run.
type loadAccount struct {
	name   string
	cookie string // "name=value" of the session cookie
	csrf   string
}

// loadPassword is the accounts' password (they live only in the run's
// database).
const loadPassword = "load test password"

// signupAccounts signs up n accounts with names of the run (prefix and
// an index) and returns their sessions.
func signupAccounts(url string, n int) ([]loadAccount, error) {
	prefix := "lt" + strconv.FormatUint(rand.Uint64()%(36*36*36*36), 36)
	out := make([]loadAccount, n)
	for i := range out {
		name := fmt.Sprintf("%s_%d", prefix, i)
		body, _ := json.Marshal(protocol.Credentials{Username: name, Password: loadPassword})
		resp, err := http.Post(url+"/api/account/signup", "application/json", bytes.NewReader(body))
		if err != nil {
			return nil, fmt.Errorf("signup %s: %w", name, err)
		}
		var info protocol.AccountInfo
		err = json.NewDecoder(resp.Body).Decode(&info)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK && resp.StatusCode != http.StatusCreated {
			return nil, fmt.Errorf("signup %s: %s", name, resp.Status)
		}
		if err != nil {
			return nil, fmt.Errorf("signup %s: %w", name, err)
		}
		a := loadAccount{name: name, csrf: info.CSRF}
		for _, c := range resp.Cookies() {
			if c.HttpOnly && c.Value != "" {
				a.cookie = c.Name + "=" + c.Value
			}
		}
		if a.cookie == "" || a.csrf == "" {
			return nil, fmt.Errorf("signup %s: no session cookie or CSRF token in the answer", name)
		}
		out[i] = a
	}
	return out, nil
}

// pair picks two different accounts of the run for one match.
func pair(accounts []loadAccount, rng *rand.Rand) (creator, joiner *loadAccount) {
	a := rng.IntN(len(accounts))
	b := (a + 1 + rng.IntN(len(accounts)-1)) % len(accounts)
	return &accounts[a], &accounts[b]
}

// header is the request header of an account's state change (nil: a
// guest's).
func (a *loadAccount) header() http.Header {
	if a == nil {
		return nil
	}
	return http.Header{"Cookie": {a.cookie}, "X-Csrf-Token": {a.csrf}}
}

// postAs posts body as JSON with header's fields (an account's session),
// wants status want and decodes the answer into out.
func postAs(url string, header http.Header, body any, want int, out any) error {
	data, _ := json.Marshal(body)
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(data))
	if err != nil {
		return err
	}
	for k, v := range header {
		req.Header[k] = v
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != want {
		var e protocol.ErrorBody
		if json.NewDecoder(resp.Body).Decode(&e) == nil && e.Error.Code != "" {
			return fmt.Errorf("%s: %s", resp.Status, e.Error.Code)
		}
		return errors.New(resp.Status)
	}
	return json.NewDecoder(resp.Body).Decode(out)
}
