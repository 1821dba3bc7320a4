#!/bin/sh
# A stand-in for the claude CLI used by the cli package tests. FAKE_CLAUDE_MODE selects
# the behaviour; FAKE_CLAUDE_ARGS (optional) receives the arguments, NUL-separated.
if [ -n "$FAKE_CLAUDE_ARGS" ]; then
  printf '%s\0' "$@" > "$FAKE_CLAUDE_ARGS"
fi
case "$FAKE_CLAUDE_MODE" in
valid)
  printf '%s\n' '{"type":"result","subtype":"success","is_error":false,"duration_ms":2100,"num_turns":1,"result":"","structured_output":{"pass":true,"reason":"all directives satisfied"},"session_id":"s1","total_cost_usd":0.0123,"usage":{"input_tokens":812,"output_tokens":40},"modelUsage":{"claude-haiku-4-5-20251001":{"inputTokens":50,"outputTokens":5},"claude-sonnet-4-5-20250929":{"inputTokens":812,"outputTokens":40}},"permission_denials":[],"uuid":"u1"}'
  ;;
result_string)
  printf '%s\n' '{"type":"result","subtype":"success","is_error":false,"result":"Here is my verdict:\n```json\n{\"pass\": false, \"reason\": \"tests are missing\"}\n```","usage":{"input_tokens":10,"output_tokens":20}}'
  ;;
malformed)
  printf '%s' '{"type":"result","subtype":"success","is_error":false,"result":"{\"pass\": tru'
  ;;
schema_invalid)
  printf '%s\n' '{"type":"result","subtype":"success","is_error":false,"structured_output":{"pass":"yes","reason":""}}'
  ;;
is_error)
  printf '%s\n' '{"type":"result","subtype":"error_during_execution","is_error":true,"result":"API Error: 529 {\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}"}'
  ;;
exit)
  echo "Invalid API key · Please run /login" >&2
  exit 3
  ;;
hang)
  sleep 300 &
  echo $! > "$FAKE_CLAUDE_PIDS"
  echo $$ >> "$FAKE_CLAUDE_PIDS"
  wait
  ;;
stdin)
  # Reading stdin must end at once: it is the null device.
  cat > /dev/null
  printf '%s\n' '{"type":"result","subtype":"success","is_error":false,"structured_output":{"pass":true,"reason":"stdin was closed"}}'
  ;;
*)
  echo "unknown FAKE_CLAUDE_MODE" >&2
  exit 2
  ;;
esac
