-- 0003_llm_cached_tokens: prompt tokens a provider served from its prompt cache (Anthropic
-- cache_read_input_tokens, OpenAI prompt_tokens_details.cached_tokens), part of input_tokens.
ALTER TABLE llm_calls ADD COLUMN cached_tokens INTEGER NOT NULL DEFAULT 0;
