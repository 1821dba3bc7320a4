export namespace config {
	
	export class RiskOfBiasWeights {
	    selection: number;
	    performance: number;
	    detection: number;
	    reporting: number;
	
	    static createFrom(source: any = {}) {
	        return new RiskOfBiasWeights(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.selection = source["selection"];
	        this.performance = source["performance"];
	        this.detection = source["detection"];
	        this.reporting = source["reporting"];
	    }
	}
	export class QualityWeights {
	    randomization: number;
	    blinding: number;
	    allocation_concealment: number;
	    preregistration: number;
	    itt: number;
	    attrition: number;
	
	    static createFrom(source: any = {}) {
	        return new QualityWeights(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.randomization = source["randomization"];
	        this.blinding = source["blinding"];
	        this.allocation_concealment = source["allocation_concealment"];
	        this.preregistration = source["preregistration"];
	        this.itt = source["itt"];
	        this.attrition = source["attrition"];
	    }
	}
	export class AppraisalSettings {
	    quality_weights: QualityWeights;
	    risk_of_bias_weights: RiskOfBiasWeights;
	    concurrency_cloud: number;
	    concurrency_local: number;
	    token_budget: number;
	
	    static createFrom(source: any = {}) {
	        return new AppraisalSettings(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.quality_weights = this.convertValues(source["quality_weights"], QualityWeights);
	        this.risk_of_bias_weights = this.convertValues(source["risk_of_bias_weights"], RiskOfBiasWeights);
	        this.concurrency_cloud = source["concurrency_cloud"];
	        this.concurrency_local = source["concurrency_local"];
	        this.token_budget = source["token_budget"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class JudgeSettings {
	    provider: string;
	    model: string;
	
	    static createFrom(source: any = {}) {
	        return new JudgeSettings(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.provider = source["provider"];
	        this.model = source["model"];
	    }
	}
	export class KeyInfo {
	    key: string;
	    description: string;
	    allowed: string;
	    env_var?: string;
	    secret?: boolean;
	
	    static createFrom(source: any = {}) {
	        return new KeyInfo(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.key = source["key"];
	        this.description = source["description"];
	        this.allowed = source["allowed"];
	        this.env_var = source["env_var"];
	        this.secret = source["secret"];
	    }
	}
	export class MaskedSecret {
	    name: string;
	    env_var: string;
	    has_key: boolean;
	    last4: string;
	    source: string;
	    error?: string;
	
	    static createFrom(source: any = {}) {
	        return new MaskedSecret(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.name = source["name"];
	        this.env_var = source["env_var"];
	        this.has_key = source["has_key"];
	        this.last4 = source["last4"];
	        this.source = source["source"];
	        this.error = source["error"];
	    }
	}
	export class Override {
	    key: string;
	    env_var: string;
	    value: string;
	    stored: string;
	
	    static createFrom(source: any = {}) {
	        return new Override(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.key = source["key"];
	        this.env_var = source["env_var"];
	        this.value = source["value"];
	        this.stored = source["stored"];
	    }
	}
	export class Paths {
	    config_dir: string;
	    data_dir: string;
	    settings_file: string;
	    database_file: string;
	    secrets_file: string;
	
	    static createFrom(source: any = {}) {
	        return new Paths(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.config_dir = source["config_dir"];
	        this.data_dir = source["data_dir"];
	        this.settings_file = source["settings_file"];
	        this.database_file = source["database_file"];
	        this.secrets_file = source["secrets_file"];
	    }
	}
	export class ProviderSettings {
	    base_url?: string;
	    model: string;
	    fallback_models?: string[];
	    timeout_s: number;
	    command?: string;
	
	    static createFrom(source: any = {}) {
	        return new ProviderSettings(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.base_url = source["base_url"];
	        this.model = source["model"];
	        this.fallback_models = source["fallback_models"];
	        this.timeout_s = source["timeout_s"];
	        this.command = source["command"];
	    }
	}
	export class UISettings {
	    last_view: string;
	    window_width: number;
	    window_height: number;
	    theme: string;
	
	    static createFrom(source: any = {}) {
	        return new UISettings(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.last_view = source["last_view"];
	        this.window_width = source["window_width"];
	        this.window_height = source["window_height"];
	        this.theme = source["theme"];
	    }
	}
	export class SourceSettings {
	    enabled: string[];
	    pubmed_url: string;
	    europepmc_url: string;
	    ctgov_url: string;
	    web_url: string;
	    ncbi_email: string;
	
	    static createFrom(source: any = {}) {
	        return new SourceSettings(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.enabled = source["enabled"];
	        this.pubmed_url = source["pubmed_url"];
	        this.europepmc_url = source["europepmc_url"];
	        this.ctgov_url = source["ctgov_url"];
	        this.web_url = source["web_url"];
	        this.ncbi_email = source["ncbi_email"];
	    }
	}
	export class Settings {
	    judge: JudgeSettings;
	    providers: Record<string, ProviderSettings>;
	    sources: SourceSettings;
	    run: domain.RunConfig;
	    appraisal: AppraisalSettings;
	    ui: UISettings;
	
	    static createFrom(source: any = {}) {
	        return new Settings(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.judge = this.convertValues(source["judge"], JudgeSettings);
	        this.providers = this.convertValues(source["providers"], ProviderSettings, true);
	        this.sources = this.convertValues(source["sources"], SourceSettings);
	        this.run = this.convertValues(source["run"], domain.RunConfig);
	        this.appraisal = this.convertValues(source["appraisal"], AppraisalSettings);
	        this.ui = this.convertValues(source["ui"], UISettings);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class PublicSettings {
	    settings: Settings;
	    overrides: Override[];
	    secrets: MaskedSecret[];
	    judge: JudgeSettings;
	
	    static createFrom(source: any = {}) {
	        return new PublicSettings(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.settings = this.convertValues(source["settings"], Settings);
	        this.overrides = this.convertValues(source["overrides"], Override);
	        this.secrets = this.convertValues(source["secrets"], MaskedSecret);
	        this.judge = this.convertValues(source["judge"], JudgeSettings);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	
	
	
	
	
	export class UpdateResult {
	    key: string;
	    secret: boolean;
	    stored?: string;
	    value?: string;
	    overridden_by?: string;
	
	    static createFrom(source: any = {}) {
	        return new UpdateResult(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.key = source["key"];
	        this.secret = source["secret"];
	        this.stored = source["stored"];
	        this.value = source["value"];
	        this.overridden_by = source["overridden_by"];
	    }
	}

}

export namespace domain {
	
	export enum EventType {
	    STARTED = "started",
	    SEARCHING = "searching",
	    SEARCH_COMPLETE = "search_complete",
	    JUDGING = "judging",
	    JUDGE_COMPLETE = "judge_complete",
	    LOOPING = "looping",
	    APPRAISING = "appraising",
	    SYNTHESIZING = "synthesizing",
	    VERIFYING = "verifying",
	    COMPLETE = "complete",
	    ERROR = "error",
	    CANCELLED = "cancelled",
	}
	export class Event {
	    run_id: string;
	    seq: number;
	    type: EventType;
	    iteration: number;
	    message: string;
	    data?: number[];
	    // Go type: time
	    time: any;
	
	    static createFrom(source: any = {}) {
	        return new Event(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.run_id = source["run_id"];
	        this.seq = source["seq"];
	        this.type = source["type"];
	        this.iteration = source["iteration"];
	        this.message = source["message"];
	        this.data = source["data"];
	        this.time = this.convertValues(source["time"], null);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class JudgeInfo {
	    provider: string;
	    model: string;
	    prompt_version: string;
	    kind: string;
	    error?: string;
	    fallback_from?: string[];
	
	    static createFrom(source: any = {}) {
	        return new JudgeInfo(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.provider = source["provider"];
	        this.model = source["model"];
	        this.prompt_version = source["prompt_version"];
	        this.kind = source["kind"];
	        this.error = source["error"];
	        this.fallback_from = source["fallback_from"];
	    }
	}
	export class RunConfig {
	    max_iterations: number;
	    max_results_per_source: number;
	    search_timeout_s: number;
	    queries_per_iteration: number;
	    sources?: string[];
	    judge?: string;
	    model?: string;
	
	    static createFrom(source: any = {}) {
	        return new RunConfig(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.max_iterations = source["max_iterations"];
	        this.max_results_per_source = source["max_results_per_source"];
	        this.search_timeout_s = source["search_timeout_s"];
	        this.queries_per_iteration = source["queries_per_iteration"];
	        this.sources = source["sources"];
	        this.judge = source["judge"];
	        this.model = source["model"];
	    }
	}
	export class Run {
	    id: string;
	    question: string;
	    config: RunConfig;
	    status: string;
	    stop_reason?: string;
	    error?: string;
	    judge: JudgeInfo;
	    iterations: number;
	    verdict_pass?: boolean;
	    // Go type: time
	    created_at: any;
	    // Go type: time
	    updated_at: any;
	    // Go type: time
	    finished_at?: any;
	    parent_run_id?: string;
	
	    static createFrom(source: any = {}) {
	        return new Run(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.id = source["id"];
	        this.question = source["question"];
	        this.config = this.convertValues(source["config"], RunConfig);
	        this.status = source["status"];
	        this.stop_reason = source["stop_reason"];
	        this.error = source["error"];
	        this.judge = this.convertValues(source["judge"], JudgeInfo);
	        this.iterations = source["iterations"];
	        this.verdict_pass = source["verdict_pass"];
	        this.created_at = this.convertValues(source["created_at"], null);
	        this.updated_at = this.convertValues(source["updated_at"], null);
	        this.finished_at = this.convertValues(source["finished_at"], null);
	        this.parent_run_id = source["parent_run_id"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}

}

export namespace services {
	
	export class AppStatus {
	    version: string;
	    paths: config.Paths;
	    database_ok: boolean;
	    schema_version: number;
	    startup_error?: string;
	    disclaimer: string;
	    last_view: string;
	
	    static createFrom(source: any = {}) {
	        return new AppStatus(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.version = source["version"];
	        this.paths = this.convertValues(source["paths"], config.Paths);
	        this.database_ok = source["database_ok"];
	        this.schema_version = source["schema_version"];
	        this.startup_error = source["startup_error"];
	        this.disclaimer = source["disclaimer"];
	        this.last_view = source["last_view"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class ProviderStatus {
	    name: string;
	    label: string;
	    configured: boolean;
	    reason: string;
	    model: string;
	    base_url?: string;
	    command?: string;
	    local: boolean;
	    data_note: string;
	    default: boolean;
	    key?: config.MaskedSecret;
	
	    static createFrom(source: any = {}) {
	        return new ProviderStatus(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.name = source["name"];
	        this.label = source["label"];
	        this.configured = source["configured"];
	        this.reason = source["reason"];
	        this.model = source["model"];
	        this.base_url = source["base_url"];
	        this.command = source["command"];
	        this.local = source["local"];
	        this.data_note = source["data_note"];
	        this.default = source["default"];
	        this.key = this.convertValues(source["key"], config.MaskedSecret);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class RunDetail {
	    run: domain.Run;
	    events: domain.Event[];
	
	    static createFrom(source: any = {}) {
	        return new RunDetail(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.run = this.convertValues(source["run"], domain.Run);
	        this.events = this.convertValues(source["events"], domain.Event);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}

}

export namespace store {
	
	export class RunFilter {
	    text?: string;
	    status?: string;
	    judge?: string;
	    limit?: number;
	    offset?: number;
	
	    static createFrom(source: any = {}) {
	        return new RunFilter(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.text = source["text"];
	        this.status = source["status"];
	        this.judge = source["judge"];
	        this.limit = source["limit"];
	        this.offset = source["offset"];
	    }
	}
	export class RunSummary {
	    id: string;
	    question: string;
	    status: string;
	    judge: domain.JudgeInfo;
	    iterations: number;
	    evidence_count: number;
	    verdict_pass?: boolean;
	    // Go type: time
	    created_at: any;
	    // Go type: time
	    finished_at?: any;
	
	    static createFrom(source: any = {}) {
	        return new RunSummary(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.id = source["id"];
	        this.question = source["question"];
	        this.status = source["status"];
	        this.judge = this.convertValues(source["judge"], domain.JudgeInfo);
	        this.iterations = source["iterations"];
	        this.evidence_count = source["evidence_count"];
	        this.verdict_pass = source["verdict_pass"];
	        this.created_at = this.convertValues(source["created_at"], null);
	        this.finished_at = this.convertValues(source["finished_at"], null);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}

}

