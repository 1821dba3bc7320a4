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
	    cache_dir: string;
	
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
	        this.cache_dir = source["cache_dir"];
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
	export class ZoteroSettings {
	    url: string;
	
	    static createFrom(source: any = {}) {
	        return new ZoteroSettings(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.url = source["url"];
	    }
	}
	export class ReviewSettings {
	    author?: string;
	
	    static createFrom(source: any = {}) {
	        return new ReviewSettings(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.author = source["author"];
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
	    review: ReviewSettings;
	    zotero: ZoteroSettings;
	
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
	        this.review = this.convertValues(source["review"], ReviewSettings);
	        this.zotero = this.convertValues(source["zotero"], ZoteroSettings);
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
	    QUERY = "query",
	    SOURCE = "source",
	    FULL_TEXT = "full_text",
	}
	export class Agreement {
	    n: number;
	    percent: number;
	    kappa: number;
	    kappa_defined: boolean;
	
	    static createFrom(source: any = {}) {
	        return new Agreement(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.n = source["n"];
	        this.percent = source["percent"];
	        this.kappa = source["kappa"];
	        this.kappa_defined = source["kappa_defined"];
	    }
	}
	export class AssessorInfo {
	    provider: string;
	    model: string;
	    kind: string;
	    version: string;
	    prompt_version?: string;
	
	    static createFrom(source: any = {}) {
	        return new AssessorInfo(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.provider = source["provider"];
	        this.model = source["model"];
	        this.kind = source["kind"];
	        this.version = source["version"];
	        this.prompt_version = source["prompt_version"];
	    }
	}
	export class DimensionDetail {
	    component: string;
	    value: string;
	    contribution: number;
	    max_score: number;
	    evidence: string;
	    reasoning: string;
	    quote_verified: boolean;
	    quote_reason?: string;
	
	    static createFrom(source: any = {}) {
	        return new DimensionDetail(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.component = source["component"];
	        this.value = source["value"];
	        this.contribution = source["contribution"];
	        this.max_score = source["max_score"];
	        this.evidence = source["evidence"];
	        this.reasoning = source["reasoning"];
	        this.quote_verified = source["quote_verified"];
	        this.quote_reason = source["quote_reason"];
	    }
	}
	export class Dimension {
	    name: string;
	    score: number;
	    details: DimensionDetail[];
	    status: string;
	    error?: string;
	
	    static createFrom(source: any = {}) {
	        return new Dimension(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.name = source["name"];
	        this.score = source["score"];
	        this.details = this.convertValues(source["details"], DimensionDetail);
	        this.status = source["status"];
	        this.error = source["error"];
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
	export class Finding {
	    value: any;
	    quote?: string;
	
	    static createFrom(source: any = {}) {
	        return new Finding(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.value = source["value"];
	        this.quote = source["quote"];
	    }
	}
	export class Document {
	    key: string;
	    title: string;
	    hash: string;
	    full_text: boolean;
	    source?: string;
	
	    static createFrom(source: any = {}) {
	        return new Document(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.key = source["key"];
	        this.title = source["title"];
	        this.hash = source["hash"];
	        this.full_text = source["full_text"];
	        this.source = source["source"];
	    }
	}
	export class Appraisal {
	    document: Document;
	    findings: Record<string, Finding>;
	    dimensions: Dimension[];
	    weight: number;
	    assessor: AssessorInfo;
	
	    static createFrom(source: any = {}) {
	        return new Appraisal(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.document = this.convertValues(source["document"], Document);
	        this.findings = this.convertValues(source["findings"], Finding, true);
	        this.dimensions = this.convertValues(source["dimensions"], Dimension);
	        this.weight = source["weight"];
	        this.assessor = this.convertValues(source["assessor"], AssessorInfo);
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
	export class AppraisalFailure {
	    key: string;
	    reason: string;
	
	    static createFrom(source: any = {}) {
	        return new AppraisalFailure(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.key = source["key"];
	        this.reason = source["reason"];
	    }
	}
	export class AppraisingData {
	    count: number;
	    full_texts?: number;
	
	    static createFrom(source: any = {}) {
	        return new AppraisingData(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.count = source["count"];
	        this.full_texts = source["full_texts"];
	    }
	}
	export class JudgeInfo {
	    provider: string;
	    model: string;
	    prompt_version: string;
	    kind: string;
	    error?: string;
	    fallback_from?: string[];
	    repaired?: boolean;
	    overrides?: string[];
	    unavailable?: boolean;
	
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
	        this.repaired = source["repaired"];
	        this.overrides = source["overrides"];
	        this.unavailable = source["unavailable"];
	    }
	}
	export class StudyStance {
	    n: number;
	    stance: string;
	    quote?: string;
	    quote_verified?: boolean;
	    rct?: boolean;
	    reason?: string;
	    by_rule?: boolean;
	
	    static createFrom(source: any = {}) {
	        return new StudyStance(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.n = source["n"];
	        this.stance = source["stance"];
	        this.quote = source["quote"];
	        this.quote_verified = source["quote_verified"];
	        this.rct = source["rct"];
	        this.reason = source["reason"];
	        this.by_rule = source["by_rule"];
	    }
	}
	export class AssessmentDetails {
	    mechanism_score: number;
	    mechanism_reasoning: string;
	    clinical_evidence_score: number;
	    clinical_reasoning: string;
	    drug_candidates: string[];
	    key_findings: string[];
	    stances?: StudyStance[];
	
	    static createFrom(source: any = {}) {
	        return new AssessmentDetails(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.mechanism_score = source["mechanism_score"];
	        this.mechanism_reasoning = source["mechanism_reasoning"];
	        this.clinical_evidence_score = source["clinical_evidence_score"];
	        this.clinical_reasoning = source["clinical_reasoning"];
	        this.drug_candidates = source["drug_candidates"];
	        this.key_findings = source["key_findings"];
	        this.stances = this.convertValues(source["stances"], StudyStance);
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
	export class Assessment {
	    details: AssessmentDetails;
	    sufficient: boolean;
	    confidence: number;
	    recommendation: string;
	    next_search_queries: string[];
	    reasoning: string;
	    judge: JudgeInfo;
	
	    static createFrom(source: any = {}) {
	        return new Assessment(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.details = this.convertValues(source["details"], AssessmentDetails);
	        this.sufficient = source["sufficient"];
	        this.confidence = source["confidence"];
	        this.recommendation = source["recommendation"];
	        this.next_search_queries = source["next_search_queries"];
	        this.reasoning = source["reasoning"];
	        this.judge = this.convertValues(source["judge"], JudgeInfo);
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
	
	export class AssessmentDiff {
	    mechanism_delta: number;
	    clinical_delta: number;
	    confidence_delta: number;
	    sufficient_changed: boolean;
	    candidates_only_original: string[];
	    candidates_only_rejudged: string[];
	    candidates_common: string[];
	
	    static createFrom(source: any = {}) {
	        return new AssessmentDiff(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.mechanism_delta = source["mechanism_delta"];
	        this.clinical_delta = source["clinical_delta"];
	        this.confidence_delta = source["confidence_delta"];
	        this.sufficient_changed = source["sufficient_changed"];
	        this.candidates_only_original = source["candidates_only_original"];
	        this.candidates_only_rejudged = source["candidates_only_rejudged"];
	        this.candidates_common = source["candidates_common"];
	    }
	}
	
	export class CancelledData {
	    evidence_count: number;
	    stop_reason: string;
	    unverified_reason: string;
	
	    static createFrom(source: any = {}) {
	        return new CancelledData(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.evidence_count = source["evidence_count"];
	        this.stop_reason = source["stop_reason"];
	        this.unverified_reason = source["unverified_reason"];
	    }
	}
	export class Candidate {
	    name: string;
	    support: number;
	    sources?: string[];
	
	    static createFrom(source: any = {}) {
	        return new Candidate(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.name = source["name"];
	        this.support = source["support"];
	        this.sources = source["sources"];
	    }
	}
	export class TrialOutcome {
	    measure: string;
	    time_frame?: string;
	    description?: string;
	
	    static createFrom(source: any = {}) {
	        return new TrialOutcome(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.measure = source["measure"];
	        this.time_frame = source["time_frame"];
	        this.description = source["description"];
	    }
	}
	export class Intervention {
	    type: string;
	    name: string;
	
	    static createFrom(source: any = {}) {
	        return new Intervention(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.type = source["type"];
	        this.name = source["name"];
	    }
	}
	export class Trial {
	    phase?: string;
	    status?: string;
	    enrollment?: number;
	    conditions?: string[];
	    interventions?: Intervention[];
	    start_date?: string;
	    completion_date?: string;
	    has_results?: boolean;
	    study_type?: string;
	    allocation?: string;
	    intervention_model?: string;
	    primary_purpose?: string;
	    observational_model?: string;
	    time_perspective?: string;
	    masking?: string;
	    who_masked?: string[];
	    enrollment_type?: string;
	    primary_outcomes?: TrialOutcome[];
	    secondary_outcomes?: TrialOutcome[];
	    why_stopped?: string;
	    first_submitted?: string;
	    results_first_posted?: string;
	
	    static createFrom(source: any = {}) {
	        return new Trial(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.phase = source["phase"];
	        this.status = source["status"];
	        this.enrollment = source["enrollment"];
	        this.conditions = source["conditions"];
	        this.interventions = this.convertValues(source["interventions"], Intervention);
	        this.start_date = source["start_date"];
	        this.completion_date = source["completion_date"];
	        this.has_results = source["has_results"];
	        this.study_type = source["study_type"];
	        this.allocation = source["allocation"];
	        this.intervention_model = source["intervention_model"];
	        this.primary_purpose = source["primary_purpose"];
	        this.observational_model = source["observational_model"];
	        this.time_perspective = source["time_perspective"];
	        this.masking = source["masking"];
	        this.who_masked = source["who_masked"];
	        this.enrollment_type = source["enrollment_type"];
	        this.primary_outcomes = this.convertValues(source["primary_outcomes"], TrialOutcome);
	        this.secondary_outcomes = this.convertValues(source["secondary_outcomes"], TrialOutcome);
	        this.why_stopped = source["why_stopped"];
	        this.first_submitted = source["first_submitted"];
	        this.results_first_posted = source["results_first_posted"];
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
	export class Section {
	    label?: string;
	    text: string;
	
	    static createFrom(source: any = {}) {
	        return new Section(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.label = source["label"];
	        this.text = source["text"];
	    }
	}
	export class Citation {
	    source: string;
	    id: string;
	    title: string;
	    url: string;
	    date: string;
	    authors: string[];
	    journal?: string;
	    doi?: string;
	    pmid?: string;
	    pmcid?: string;
	    nct_id?: string;
	    publication_types?: string[];
	    mesh_terms?: string[];
	    chemicals?: string[];
	    chemical_rns?: string[];
	    mesh_qualifiers?: string[];
	    sections?: Section[];
	    registry_ids?: string[];
	    retraction_notices?: string[];
	    trial?: Trial;
	    citation_count?: number;
	    open_access?: boolean;
	    full_text_urls?: string[];
	    volume?: string;
	    issue?: string;
	    pages?: string;
	    issn?: string;
	    keywords?: string[];
	    notes?: string[];
	
	    static createFrom(source: any = {}) {
	        return new Citation(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.source = source["source"];
	        this.id = source["id"];
	        this.title = source["title"];
	        this.url = source["url"];
	        this.date = source["date"];
	        this.authors = source["authors"];
	        this.journal = source["journal"];
	        this.doi = source["doi"];
	        this.pmid = source["pmid"];
	        this.pmcid = source["pmcid"];
	        this.nct_id = source["nct_id"];
	        this.publication_types = source["publication_types"];
	        this.mesh_terms = source["mesh_terms"];
	        this.chemicals = source["chemicals"];
	        this.chemical_rns = source["chemical_rns"];
	        this.mesh_qualifiers = source["mesh_qualifiers"];
	        this.sections = this.convertValues(source["sections"], Section);
	        this.registry_ids = source["registry_ids"];
	        this.retraction_notices = source["retraction_notices"];
	        this.trial = this.convertValues(source["trial"], Trial);
	        this.citation_count = source["citation_count"];
	        this.open_access = source["open_access"];
	        this.full_text_urls = source["full_text_urls"];
	        this.volume = source["volume"];
	        this.issue = source["issue"];
	        this.pages = source["pages"];
	        this.issn = source["issn"];
	        this.keywords = source["keywords"];
	        this.notes = source["notes"];
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
	export class CompleteData {
	    evidence_count: number;
	    iterations: number;
	    missing_items?: string[];
	    partial: boolean;
	    report_status: string;
	    stop_reason: string;
	    verdict_pass?: boolean;
	
	    static createFrom(source: any = {}) {
	        return new CompleteData(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.evidence_count = source["evidence_count"];
	        this.iterations = source["iterations"];
	        this.missing_items = source["missing_items"];
	        this.partial = source["partial"];
	        this.report_status = source["report_status"];
	        this.stop_reason = source["stop_reason"];
	        this.verdict_pass = source["verdict_pass"];
	    }
	}
	export class Concept {
	    role: string;
	    text: string;
	    display?: string;
	    words: string[];
	    terms: string[];
	    mesh?: string[];
	    class?: string;
	    members?: string[];
	    alternatives?: string[];
	    generic?: boolean;
	    broad?: boolean;
	    corrected?: boolean;
	    respelled?: string;
	    harm?: boolean;
	    route_asked?: boolean;
	    setting?: boolean;
	    onset?: boolean;
	    established?: boolean;
	    purpose?: boolean;
	
	    static createFrom(source: any = {}) {
	        return new Concept(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.role = source["role"];
	        this.text = source["text"];
	        this.display = source["display"];
	        this.words = source["words"];
	        this.terms = source["terms"];
	        this.mesh = source["mesh"];
	        this.class = source["class"];
	        this.members = source["members"];
	        this.alternatives = source["alternatives"];
	        this.generic = source["generic"];
	        this.broad = source["broad"];
	        this.corrected = source["corrected"];
	        this.respelled = source["respelled"];
	        this.harm = source["harm"];
	        this.route_asked = source["route_asked"];
	        this.setting = source["setting"];
	        this.onset = source["onset"];
	        this.established = source["established"];
	        this.purpose = source["purpose"];
	    }
	}
	
	
	
	export class SearchError {
	    source: string;
	    error: string;
	    warning?: boolean;
	
	    static createFrom(source: any = {}) {
	        return new SearchError(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.source = source["source"];
	        this.error = source["error"];
	        this.warning = source["warning"];
	    }
	}
	export class ErrorData {
	    breaker?: boolean;
	    error?: string;
	    errors?: SearchError[];
	    failed?: AppraisalFailure[];
	    fatal: boolean;
	    phase: string;
	    provider?: string;
	    stop_reason?: string;
	    unverified_reason?: string;
	
	    static createFrom(source: any = {}) {
	        return new ErrorData(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.breaker = source["breaker"];
	        this.error = source["error"];
	        this.errors = this.convertValues(source["errors"], SearchError);
	        this.failed = this.convertValues(source["failed"], AppraisalFailure);
	        this.fatal = source["fatal"];
	        this.phase = source["phase"];
	        this.provider = source["provider"];
	        this.stop_reason = source["stop_reason"];
	        this.unverified_reason = source["unverified_reason"];
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
	export class Topic {
	    score: number;
	    off_topic: boolean;
	    reason?: string;
	
	    static createFrom(source: any = {}) {
	        return new Topic(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.score = source["score"];
	        this.off_topic = source["off_topic"];
	        this.reason = source["reason"];
	    }
	}
	export class Evidence {
	    content: string;
	    citation: Citation;
	    relevance: number;
	    topic?: Topic;
	
	    static createFrom(source: any = {}) {
	        return new Evidence(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.content = source["content"];
	        this.citation = this.convertValues(source["citation"], Citation);
	        this.relevance = source["relevance"];
	        this.topic = this.convertValues(source["topic"], Topic);
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
	
	export class FullTextSection {
	    kind: string;
	    title: string;
	    parent?: string;
	    level: number;
	    text: string;
	
	    static createFrom(source: any = {}) {
	        return new FullTextSection(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.kind = source["kind"];
	        this.title = source["title"];
	        this.parent = source["parent"];
	        this.level = source["level"];
	        this.text = source["text"];
	    }
	}
	export class FullText {
	    key: string;
	    source: string;
	    source_id?: string;
	    title?: string;
	    doi?: string;
	    pmid?: string;
	    pmcid?: string;
	    pages?: number;
	    sections: FullTextSection[];
	    // Go type: time
	    fetched_at: any;
	
	    static createFrom(source: any = {}) {
	        return new FullText(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.key = source["key"];
	        this.source = source["source"];
	        this.source_id = source["source_id"];
	        this.title = source["title"];
	        this.doi = source["doi"];
	        this.pmid = source["pmid"];
	        this.pmcid = source["pmcid"];
	        this.pages = source["pages"];
	        this.sections = this.convertValues(source["sections"], FullTextSection);
	        this.fetched_at = this.convertValues(source["fetched_at"], null);
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
	export class FullTextUnavailable {
	    key: string;
	    source: string;
	    reason: string;
	
	    static createFrom(source: any = {}) {
	        return new FullTextUnavailable(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.key = source["key"];
	        this.source = source["source"];
	        this.reason = source["reason"];
	    }
	}
	export class FullTextRead {
	    key: string;
	    source: string;
	    source_id?: string;
	
	    static createFrom(source: any = {}) {
	        return new FullTextRead(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.key = source["key"];
	        this.source = source["source"];
	        this.source_id = source["source_id"];
	    }
	}
	export class FullTextData {
	    read?: FullTextRead[];
	    requested: number;
	    unavailable?: FullTextUnavailable[];
	
	    static createFrom(source: any = {}) {
	        return new FullTextData(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.read = this.convertValues(source["read"], FullTextRead);
	        this.requested = source["requested"];
	        this.unavailable = this.convertValues(source["unavailable"], FullTextUnavailable);
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
	
	
	
	export class ScoreAdjustment {
	    reason: string;
	    delta: number;
	
	    static createFrom(source: any = {}) {
	        return new ScoreAdjustment(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.reason = source["reason"];
	        this.delta = source["delta"];
	    }
	}
	export class Heuristics {
	    base_score: number;
	    score_adjustments: ScoreAdjustment[];
	    final_score: number;
	    observations: string[];
	    red_flags: string[];
	    suggested_queries: string[];
	    design_counts?: Record<string, number>;
	    candidates?: Candidate[];
	
	    static createFrom(source: any = {}) {
	        return new Heuristics(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.base_score = source["base_score"];
	        this.score_adjustments = this.convertValues(source["score_adjustments"], ScoreAdjustment);
	        this.final_score = source["final_score"];
	        this.observations = source["observations"];
	        this.red_flags = source["red_flags"];
	        this.suggested_queries = source["suggested_queries"];
	        this.design_counts = source["design_counts"];
	        this.candidates = this.convertValues(source["candidates"], Candidate);
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
	
	export class JudgeCompleteData {
	    clinical_score: number;
	    confidence: number;
	    drug_candidates: string[];
	    evidence_count: number;
	    heuristic_score?: number;
	    judge: JudgeInfo;
	    mechanism_score: number;
	    next_queries: string[];
	    recommendation: string;
	    red_flags?: string[];
	    reused: boolean;
	    sufficient: boolean;
	
	    static createFrom(source: any = {}) {
	        return new JudgeCompleteData(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.clinical_score = source["clinical_score"];
	        this.confidence = source["confidence"];
	        this.drug_candidates = source["drug_candidates"];
	        this.evidence_count = source["evidence_count"];
	        this.heuristic_score = source["heuristic_score"];
	        this.judge = this.convertValues(source["judge"], JudgeInfo);
	        this.mechanism_score = source["mechanism_score"];
	        this.next_queries = source["next_queries"];
	        this.recommendation = source["recommendation"];
	        this.red_flags = source["red_flags"];
	        this.reused = source["reused"];
	        this.sufficient = source["sufficient"];
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
	
	export class JudgingData {
	    evidence_count: number;
	
	    static createFrom(source: any = {}) {
	        return new JudgingData(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.evidence_count = source["evidence_count"];
	    }
	}
	export class LLMProgress {
	    run_id?: string;
	    call_kind: string;
	    provider: string;
	    model: string;
	    output_tokens: number;
	    elapsed_ms: number;
	    text: string;
	    done?: boolean;
	
	    static createFrom(source: any = {}) {
	        return new LLMProgress(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.run_id = source["run_id"];
	        this.call_kind = source["call_kind"];
	        this.provider = source["provider"];
	        this.model = source["model"];
	        this.output_tokens = source["output_tokens"];
	        this.elapsed_ms = source["elapsed_ms"];
	        this.text = source["text"];
	        this.done = source["done"];
	    }
	}
	export class Verdict {
	    pass: boolean;
	    reason: string;
	    missing_items: string[];
	    questions_for_user: string[];
	    forward_progress: boolean;
	    convergence_estimate?: number;
	    suggested_next_steps: string[];
	
	    static createFrom(source: any = {}) {
	        return new Verdict(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.pass = source["pass"];
	        this.reason = source["reason"];
	        this.missing_items = source["missing_items"];
	        this.questions_for_user = source["questions_for_user"];
	        this.forward_progress = source["forward_progress"];
	        this.convergence_estimate = source["convergence_estimate"];
	        this.suggested_next_steps = source["suggested_next_steps"];
	    }
	}
	export class LoopingData {
	    confidence?: number;
	    next_queries: string[];
	    reason: string;
	    round?: number;
	    verdict?: Verdict;
	
	    static createFrom(source: any = {}) {
	        return new LoopingData(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.confidence = source["confidence"];
	        this.next_queries = source["next_queries"];
	        this.reason = source["reason"];
	        this.round = source["round"];
	        this.verdict = this.convertValues(source["verdict"], Verdict);
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
	export class OutcomeCheck {
	    registered: TrialOutcome;
	    report: string;
	    quote?: string;
	    matched?: string[];
	
	    static createFrom(source: any = {}) {
	        return new OutcomeCheck(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.registered = this.convertValues(source["registered"], TrialOutcome);
	        this.report = source["report"];
	        this.quote = source["quote"];
	        this.matched = source["matched"];
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
	export class ParsedQuestion {
	    question: string;
	    kind: string;
	    concepts: Concept[];
	    exposure?: boolean;
	    diagnostic?: boolean;
	    predicts?: boolean;
	    tells_apart?: boolean;
	    dropped?: string[];
	
	    static createFrom(source: any = {}) {
	        return new ParsedQuestion(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.question = source["question"];
	        this.kind = source["kind"];
	        this.concepts = this.convertValues(source["concepts"], Concept);
	        this.exposure = source["exposure"];
	        this.diagnostic = source["diagnostic"];
	        this.predicts = source["predicts"];
	        this.tells_apart = source["tells_apart"];
	        this.dropped = source["dropped"];
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
	export class QueryEvent {
	    source: string;
	    query: string;
	    count: number;
	    attempt: number;
	    relaxation?: string;
	    error?: string;
	    not_found?: string[];
	
	    static createFrom(source: any = {}) {
	        return new QueryEvent(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.source = source["source"];
	        this.query = source["query"];
	        this.count = source["count"];
	        this.attempt = source["attempt"];
	        this.relaxation = source["relaxation"];
	        this.error = source["error"];
	        this.not_found = source["not_found"];
	    }
	}
	export class Review {
	    id?: number;
	    run_id?: string;
	    paper?: number;
	    paper_key?: string;
	    decision: string;
	    component?: string;
	    points?: number;
	    reason?: string;
	    note?: string;
	    author: string;
	    // Go type: time
	    created_at: any;
	
	    static createFrom(source: any = {}) {
	        return new Review(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.id = source["id"];
	        this.run_id = source["run_id"];
	        this.paper = source["paper"];
	        this.paper_key = source["paper_key"];
	        this.decision = source["decision"];
	        this.component = source["component"];
	        this.points = source["points"];
	        this.reason = source["reason"];
	        this.note = source["note"];
	        this.author = source["author"];
	        this.created_at = this.convertValues(source["created_at"], null);
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
	    parsed_question?: ParsedQuestion;
	
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
	        this.parsed_question = this.convertValues(source["parsed_question"], ParsedQuestion);
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
	
	
	export class SearchCompleteData {
	    all_failed_streak: number;
	    concepts: number[];
	    dropped_invalid: number;
	    errors: SearchError[];
	    found: number;
	    new_count: number;
	    no_progress_streak: number;
	    off_topic_count: number;
	    per_source: Record<string, number>;
	    queries: string[];
	    sources_searched: string[];
	    total_count: number;
	    warnings: SearchError[];
	
	    static createFrom(source: any = {}) {
	        return new SearchCompleteData(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.all_failed_streak = source["all_failed_streak"];
	        this.concepts = source["concepts"];
	        this.dropped_invalid = source["dropped_invalid"];
	        this.errors = this.convertValues(source["errors"], SearchError);
	        this.found = source["found"];
	        this.new_count = source["new_count"];
	        this.no_progress_streak = source["no_progress_streak"];
	        this.off_topic_count = source["off_topic_count"];
	        this.per_source = source["per_source"];
	        this.queries = source["queries"];
	        this.sources_searched = source["sources_searched"];
	        this.total_count = source["total_count"];
	        this.warnings = this.convertValues(source["warnings"], SearchError);
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
	
	export class SearchingData {
	    queries: string[];
	    sources: string[];
	
	    static createFrom(source: any = {}) {
	        return new SearchingData(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.queries = source["queries"];
	        this.sources = source["sources"];
	    }
	}
	
	export class SourceStateData {
	    source: string;
	    state: string;
	    hits: number;
	    error?: string;
	    took_ms: number;
	
	    static createFrom(source: any = {}) {
	        return new SourceStateData(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.source = source["source"];
	        this.state = source["state"];
	        this.hits = source["hits"];
	        this.error = source["error"];
	        this.took_ms = source["took_ms"];
	    }
	}
	export class StartedData {
	    config?: RunConfig;
	    judge?: JudgeInfo;
	    parsed_question?: ParsedQuestion;
	    question?: string;
	    resumed?: boolean;
	
	    static createFrom(source: any = {}) {
	        return new StartedData(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.config = this.convertValues(source["config"], RunConfig);
	        this.judge = this.convertValues(source["judge"], JudgeInfo);
	        this.parsed_question = this.convertValues(source["parsed_question"], ParsedQuestion);
	        this.question = source["question"];
	        this.resumed = source["resumed"];
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
	export class StoredAssessment {
	    run_id?: string;
	    iteration: number;
	    label?: string;
	    assessment: Assessment;
	    heuristics?: Heuristics;
	    // Go type: time
	    created_at: any;
	
	    static createFrom(source: any = {}) {
	        return new StoredAssessment(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.run_id = source["run_id"];
	        this.iteration = source["iteration"];
	        this.label = source["label"];
	        this.assessment = this.convertValues(source["assessment"], Assessment);
	        this.heuristics = this.convertValues(source["heuristics"], Heuristics);
	        this.created_at = this.convertValues(source["created_at"], null);
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
	
	export class SynthesizingData {
	    evidence_count: number;
	    partial: boolean;
	    stop_reason: string;
	
	    static createFrom(source: any = {}) {
	        return new SynthesizingData(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.evidence_count = source["evidence_count"];
	        this.partial = source["partial"];
	        this.stop_reason = source["stop_reason"];
	    }
	}
	
	
	
	
	export class VerifyingData {
	    narrative?: number[];
	    round: number;
	
	    static createFrom(source: any = {}) {
	        return new VerifyingData(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.narrative = source["narrative"];
	        this.round = source["round"];
	    }
	}

}

export namespace library {
	
	export class ImportError {
	    file: string;
	    record: number;
	    error: string;
	
	    static createFrom(source: any = {}) {
	        return new ImportError(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.file = source["file"];
	        this.record = source["record"];
	        this.error = source["error"];
	    }
	}
	export class PDFImport {
	    file: string;
	    id: number;
	    key: string;
	    title: string;
	    doi?: string;
	    pmid?: string;
	    pages: number;
	    sections: number;
	    created: boolean;
	    matched?: string;
	
	    static createFrom(source: any = {}) {
	        return new PDFImport(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.file = source["file"];
	        this.id = source["id"];
	        this.key = source["key"];
	        this.title = source["title"];
	        this.doi = source["doi"];
	        this.pmid = source["pmid"];
	        this.pages = source["pages"];
	        this.sections = source["sections"];
	        this.created = source["created"];
	        this.matched = source["matched"];
	    }
	}
	export class Summary {
	    imported: number;
	    updated: number;
	    unchanged: number;
	    skipped: number;
	    errors: ImportError[];
	    warnings: ImportError[];
	    files: number;
	    records: number;
	    pdfs?: PDFImport[];
	    nothing_imported?: string;
	
	    static createFrom(source: any = {}) {
	        return new Summary(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.imported = source["imported"];
	        this.updated = source["updated"];
	        this.unchanged = source["unchanged"];
	        this.skipped = source["skipped"];
	        this.errors = this.convertValues(source["errors"], ImportError);
	        this.warnings = this.convertValues(source["warnings"], ImportError);
	        this.files = source["files"];
	        this.records = source["records"];
	        this.pdfs = this.convertValues(source["pdfs"], PDFImport);
	        this.nothing_imported = source["nothing_imported"];
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

export namespace report {
	
	export class Limitation {
	    kind: string;
	    text: string;
	
	    static createFrom(source: any = {}) {
	        return new Limitation(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.kind = source["kind"];
	        this.text = source["text"];
	    }
	}
	export class StudyOutcome {
	    report: number;
	    full_text: boolean;
	    article_primary?: string;
	    checks: domain.OutcomeCheck[];
	
	    static createFrom(source: any = {}) {
	        return new StudyOutcome(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.report = source["report"];
	        this.full_text = source["full_text"];
	        this.article_primary = source["article_primary"];
	        this.checks = this.convertValues(source["checks"], domain.OutcomeCheck);
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
	export class StudyBlock {
	    nct_id: string;
	    registry?: number;
	    reports: number[];
	    outcomes?: StudyOutcome[];
	    flagged: number;
	
	    static createFrom(source: any = {}) {
	        return new StudyBlock(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.nct_id = source["nct_id"];
	        this.registry = source["registry"];
	        this.reports = source["reports"];
	        this.outcomes = this.convertValues(source["outcomes"], StudyOutcome);
	        this.flagged = source["flagged"];
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
	    commit: string;
	    paths: config.Paths;
	    database_ok: boolean;
	    schema_version: number;
	    startup_error?: string;
	    read_only?: string;
	    disclaimer: string;
	    last_view: string;
	
	    static createFrom(source: any = {}) {
	        return new AppStatus(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.version = source["version"];
	        this.commit = source["commit"];
	        this.paths = this.convertValues(source["paths"], config.Paths);
	        this.database_ok = source["database_ok"];
	        this.schema_version = source["schema_version"];
	        this.startup_error = source["startup_error"];
	        this.read_only = source["read_only"];
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
	export class CallKindUsage {
	    kind: string;
	    provider?: string;
	    model?: string;
	    calls: number;
	    failed: number;
	    input_tokens: number;
	    output_tokens: number;
	    cached_tokens: number;
	    latency_ms: number;
	    cost_usd: number;
	    cost_known: boolean;
	    local: boolean;
	
	    static createFrom(source: any = {}) {
	        return new CallKindUsage(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.kind = source["kind"];
	        this.provider = source["provider"];
	        this.model = source["model"];
	        this.calls = source["calls"];
	        this.failed = source["failed"];
	        this.input_tokens = source["input_tokens"];
	        this.output_tokens = source["output_tokens"];
	        this.cached_tokens = source["cached_tokens"];
	        this.latency_ms = source["latency_ms"];
	        this.cost_usd = source["cost_usd"];
	        this.cost_known = source["cost_known"];
	        this.local = source["local"];
	    }
	}
	export class Comparison {
	    run_id: string;
	    original: domain.Assessment;
	    rejudged: domain.Assessment;
	    label: string;
	    difference: domain.AssessmentDiff;
	
	    static createFrom(source: any = {}) {
	        return new Comparison(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.run_id = source["run_id"];
	        this.original = this.convertValues(source["original"], domain.Assessment);
	        this.rejudged = this.convertValues(source["rejudged"], domain.Assessment);
	        this.label = source["label"];
	        this.difference = this.convertValues(source["difference"], domain.AssessmentDiff);
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
	export class ConceptView {
	    text: string;
	    label: string;
	    setting?: boolean;
	    role: string;
	    generic?: boolean;
	    class?: string;
	    members?: string[];
	    respelled?: string;
	    stage?: string;
	    stage_key: string;
	
	    static createFrom(source: any = {}) {
	        return new ConceptView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.text = source["text"];
	        this.label = source["label"];
	        this.setting = source["setting"];
	        this.role = source["role"];
	        this.generic = source["generic"];
	        this.class = source["class"];
	        this.members = source["members"];
	        this.respelled = source["respelled"];
	        this.stage = source["stage"];
	        this.stage_key = source["stage_key"];
	    }
	}
	export class PDFAppraisal {
	    file: string;
	    library_id: number;
	    key: string;
	    title: string;
	    pages: number;
	    appraisal?: domain.Appraisal;
	    error?: string;
	
	    static createFrom(source: any = {}) {
	        return new PDFAppraisal(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.file = source["file"];
	        this.library_id = source["library_id"];
	        this.key = source["key"];
	        this.title = source["title"];
	        this.pages = source["pages"];
	        this.appraisal = this.convertValues(source["appraisal"], domain.Appraisal);
	        this.error = source["error"];
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
	export class DroppedFiles {
	    summary: library.Summary;
	    appraisals: PDFAppraisal[];
	
	    static createFrom(source: any = {}) {
	        return new DroppedFiles(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.summary = this.convertValues(source["summary"], library.Summary);
	        this.appraisals = this.convertValues(source["appraisals"], PDFAppraisal);
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
	export class EventPayloadTypes {
	    started: domain.StartedData;
	    searching: domain.SearchingData;
	    query: domain.QueryEvent;
	    source: domain.SourceStateData;
	    search_complete: domain.SearchCompleteData;
	    appraising: domain.AppraisingData;
	    full_text: domain.FullTextData;
	    judging: domain.JudgingData;
	    judge_complete: domain.JudgeCompleteData;
	    looping: domain.LoopingData;
	    synthesizing: domain.SynthesizingData;
	    verifying: domain.VerifyingData;
	    complete: domain.CompleteData;
	    error: domain.ErrorData;
	    cancelled: domain.CancelledData;
	    llm_progress: domain.LLMProgress;
	
	    static createFrom(source: any = {}) {
	        return new EventPayloadTypes(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.started = this.convertValues(source["started"], domain.StartedData);
	        this.searching = this.convertValues(source["searching"], domain.SearchingData);
	        this.query = this.convertValues(source["query"], domain.QueryEvent);
	        this.source = this.convertValues(source["source"], domain.SourceStateData);
	        this.search_complete = this.convertValues(source["search_complete"], domain.SearchCompleteData);
	        this.appraising = this.convertValues(source["appraising"], domain.AppraisingData);
	        this.full_text = this.convertValues(source["full_text"], domain.FullTextData);
	        this.judging = this.convertValues(source["judging"], domain.JudgingData);
	        this.judge_complete = this.convertValues(source["judge_complete"], domain.JudgeCompleteData);
	        this.looping = this.convertValues(source["looping"], domain.LoopingData);
	        this.synthesizing = this.convertValues(source["synthesizing"], domain.SynthesizingData);
	        this.verifying = this.convertValues(source["verifying"], domain.VerifyingData);
	        this.complete = this.convertValues(source["complete"], domain.CompleteData);
	        this.error = this.convertValues(source["error"], domain.ErrorData);
	        this.cancelled = this.convertValues(source["cancelled"], domain.CancelledData);
	        this.llm_progress = this.convertValues(source["llm_progress"], domain.LLMProgress);
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
	export class EvidenceView {
	    n: number;
	    key: string;
	    evidence: domain.Evidence;
	    appraisal?: domain.Appraisal;
	    design: string;
	    stance?: domain.StudyStance;
	    stance_label?: string;
	    study?: report.StudyBlock;
	    read?: string;
	    review?: domain.Review;
	    relied_on: boolean;
	
	    static createFrom(source: any = {}) {
	        return new EvidenceView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.n = source["n"];
	        this.key = source["key"];
	        this.evidence = this.convertValues(source["evidence"], domain.Evidence);
	        this.appraisal = this.convertValues(source["appraisal"], domain.Appraisal);
	        this.design = source["design"];
	        this.stance = this.convertValues(source["stance"], domain.StudyStance);
	        this.stance_label = source["stance_label"];
	        this.study = this.convertValues(source["study"], report.StudyBlock);
	        this.read = source["read"];
	        this.review = this.convertValues(source["review"], domain.Review);
	        this.relied_on = source["relied_on"];
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
	export class ExportRequest {
	    run_id: string;
	    format: string;
	    path: string;
	    force: boolean;
	    include_set_aside: boolean;
	
	    static createFrom(source: any = {}) {
	        return new ExportRequest(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.run_id = source["run_id"];
	        this.format = source["format"];
	        this.path = source["path"];
	        this.force = source["force"];
	        this.include_set_aside = source["include_set_aside"];
	    }
	}
	export class ExportText {
	    run_id: string;
	    format: string;
	    text: string;
	    notes?: string;
	
	    static createFrom(source: any = {}) {
	        return new ExportText(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.run_id = source["run_id"];
	        this.format = source["format"];
	        this.text = source["text"];
	        this.notes = source["notes"];
	    }
	}
	export class ExportedFiles {
	    path: string;
	    notes?: string;
	
	    static createFrom(source: any = {}) {
	        return new ExportedFiles(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.path = source["path"];
	        this.notes = source["notes"];
	    }
	}
	export class HistoryFilter {
	    text?: string;
	    status?: string;
	    judge?: string;
	    verification?: string;
	    review?: string;
	    candidate?: string;
	    since?: string;
	    until?: string;
	    limit?: number;
	    offset?: number;
	
	    static createFrom(source: any = {}) {
	        return new HistoryFilter(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.text = source["text"];
	        this.status = source["status"];
	        this.judge = source["judge"];
	        this.verification = source["verification"];
	        this.review = source["review"];
	        this.candidate = source["candidate"];
	        this.since = source["since"];
	        this.until = source["until"];
	        this.limit = source["limit"];
	        this.offset = source["offset"];
	    }
	}
	export class HistoryItem {
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
	    stop_reason?: string;
	    error?: string;
	    report_status?: string;
	    outcome: string;
	    verdicts: number;
	    review?: string;
	    candidates?: string[];
	
	    static createFrom(source: any = {}) {
	        return new HistoryItem(source);
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
	        this.stop_reason = source["stop_reason"];
	        this.error = source["error"];
	        this.report_status = source["report_status"];
	        this.outcome = source["outcome"];
	        this.verdicts = source["verdicts"];
	        this.review = source["review"];
	        this.candidates = source["candidates"];
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
	export class LibraryFullText {
	    source: string;
	    file?: string;
	    pages?: number;
	
	    static createFrom(source: any = {}) {
	        return new LibraryFullText(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.source = source["source"];
	        this.file = source["file"];
	        this.pages = source["pages"];
	    }
	}
	export class LibraryItem {
	    id: number;
	    key: string;
	    evidence: domain.Evidence;
	    score?: number;
	    // Go type: time
	    imported_at: any;
	    // Go type: time
	    updated_at: any;
	    full_text?: LibraryFullText;
	    in_full_text?: boolean;
	
	    static createFrom(source: any = {}) {
	        return new LibraryItem(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.id = source["id"];
	        this.key = source["key"];
	        this.evidence = this.convertValues(source["evidence"], domain.Evidence);
	        this.score = source["score"];
	        this.imported_at = this.convertValues(source["imported_at"], null);
	        this.updated_at = this.convertValues(source["updated_at"], null);
	        this.full_text = this.convertValues(source["full_text"], LibraryFullText);
	        this.in_full_text = source["in_full_text"];
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
	export class LibraryPage {
	    records: LibraryItem[];
	    total: number;
	
	    static createFrom(source: any = {}) {
	        return new LibraryPage(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.records = this.convertValues(source["records"], LibraryItem);
	        this.total = source["total"];
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
	export class MCPSetup {
	    command: string;
	    args: string[];
	    config: string;
	
	    static createFrom(source: any = {}) {
	        return new MCPSetup(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.command = source["command"];
	        this.args = source["args"];
	        this.config = source["config"];
	    }
	}
	
	export class PaperView {
	    evidence: domain.Evidence;
	    appraisal?: domain.Appraisal;
	    text: string;
	    text_matches: boolean;
	    full_text?: domain.FullText;
	    read?: string;
	
	    static createFrom(source: any = {}) {
	        return new PaperView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.evidence = this.convertValues(source["evidence"], domain.Evidence);
	        this.appraisal = this.convertValues(source["appraisal"], domain.Appraisal);
	        this.text = source["text"];
	        this.text_matches = source["text_matches"];
	        this.full_text = this.convertValues(source["full_text"], domain.FullText);
	        this.read = source["read"];
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
	    // Go type: time
	    checked_at?: any;
	    model_missing?: boolean;
	
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
	        this.checked_at = this.convertValues(source["checked_at"], null);
	        this.model_missing = source["model_missing"];
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
	export class ProviderTest {
	    provider: string;
	    ok: boolean;
	    model: string;
	    latency_ms: number;
	    error?: string;
	    local: boolean;
	    warning?: string;
	    context_tokens?: number;
	
	    static createFrom(source: any = {}) {
	        return new ProviderTest(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.provider = source["provider"];
	        this.ok = source["ok"];
	        this.model = source["model"];
	        this.latency_ms = source["latency_ms"];
	        this.error = source["error"];
	        this.local = source["local"];
	        this.warning = source["warning"];
	        this.context_tokens = source["context_tokens"];
	    }
	}
	export class QuestionView {
	    kind: string;
	    exposure?: boolean;
	    diagnostic?: boolean;
	    predicts?: boolean;
	    summary: string;
	    concepts: ConceptView[];
	    error?: string;
	
	    static createFrom(source: any = {}) {
	        return new QuestionView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.kind = source["kind"];
	        this.exposure = source["exposure"];
	        this.diagnostic = source["diagnostic"];
	        this.predicts = source["predicts"];
	        this.summary = source["summary"];
	        this.concepts = this.convertValues(source["concepts"], ConceptView);
	        this.error = source["error"];
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
	export class RejudgeRequest {
	    run_id: string;
	    provider: string;
	    model: string;
	
	    static createFrom(source: any = {}) {
	        return new RejudgeRequest(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.run_id = source["run_id"];
	        this.provider = source["provider"];
	        this.model = source["model"];
	    }
	}
	export class ReportView {
	    run_id: string;
	    markdown: string;
	    status: string;
	    verdict?: domain.Verdict;
	    checks?: number[];
	    assessments: domain.StoredAssessment[];
	    evidence: EvidenceView[];
	    disclaimer: string;
	    formats: string[];
	    limitations: report.Limitation[];
	    outcome: string;
	    understood?: string;
	    answer?: string;
	    judge_answer?: string;
	    studies: report.StudyBlock[];
	    relies_on_none?: boolean;
	
	    static createFrom(source: any = {}) {
	        return new ReportView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.run_id = source["run_id"];
	        this.markdown = source["markdown"];
	        this.status = source["status"];
	        this.verdict = this.convertValues(source["verdict"], domain.Verdict);
	        this.checks = source["checks"];
	        this.assessments = this.convertValues(source["assessments"], domain.StoredAssessment);
	        this.evidence = this.convertValues(source["evidence"], EvidenceView);
	        this.disclaimer = source["disclaimer"];
	        this.formats = source["formats"];
	        this.limitations = this.convertValues(source["limitations"], report.Limitation);
	        this.outcome = source["outcome"];
	        this.understood = source["understood"];
	        this.answer = source["answer"];
	        this.judge_answer = source["judge_answer"];
	        this.studies = this.convertValues(source["studies"], report.StudyBlock);
	        this.relies_on_none = source["relies_on_none"];
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
	export class ReviewRequest {
	    run_id: string;
	    paper: number;
	    decision: string;
	    reason: string;
	    note: string;
	    component?: string;
	    points?: number;
	
	    static createFrom(source: any = {}) {
	        return new ReviewRequest(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.run_id = source["run_id"];
	        this.paper = source["paper"];
	        this.decision = source["decision"];
	        this.reason = source["reason"];
	        this.note = source["note"];
	        this.component = source["component"];
	        this.points = source["points"];
	    }
	}
	export class ReviewSummary {
	    reviews: domain.Review[];
	    verdict?: domain.Review;
	    excluded: number;
	    included: number;
	    agreement: domain.Agreement;
	    components: domain.Agreement;
	    exclusion_reasons: string[];
	    decisions: domain.Review[];
	
	    static createFrom(source: any = {}) {
	        return new ReviewSummary(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.reviews = this.convertValues(source["reviews"], domain.Review);
	        this.verdict = this.convertValues(source["verdict"], domain.Review);
	        this.excluded = source["excluded"];
	        this.included = source["included"];
	        this.agreement = this.convertValues(source["agreement"], domain.Agreement);
	        this.components = this.convertValues(source["components"], domain.Agreement);
	        this.exclusion_reasons = source["exclusion_reasons"];
	        this.decisions = this.convertValues(source["decisions"], domain.Review);
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
	export class RunUsage {
	    kinds: CallKindUsage[];
	    total: CallKindUsage;
	    rejudges: CallKindUsage[];
	    price_table_date: string;
	
	    static createFrom(source: any = {}) {
	        return new RunUsage(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.kinds = this.convertValues(source["kinds"], CallKindUsage);
	        this.total = this.convertValues(source["total"], CallKindUsage);
	        this.rejudges = this.convertValues(source["rejudges"], CallKindUsage);
	        this.price_table_date = source["price_table_date"];
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
	    outcome: string;
	    usage: RunUsage;
	
	    static createFrom(source: any = {}) {
	        return new RunDetail(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.run = this.convertValues(source["run"], domain.Run);
	        this.events = this.convertValues(source["events"], domain.Event);
	        this.outcome = source["outcome"];
	        this.usage = this.convertValues(source["usage"], RunUsage);
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
	
	export class StartRequest {
	    question: string;
	    judge: string;
	    model: string;
	    sources: string[];
	    max_iterations: number;
	    roles?: Record<string, string>;
	    stages?: Record<string, string>;
	
	    static createFrom(source: any = {}) {
	        return new StartRequest(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.question = source["question"];
	        this.judge = source["judge"];
	        this.model = source["model"];
	        this.sources = source["sources"];
	        this.max_iterations = source["max_iterations"];
	        this.roles = source["roles"];
	        this.stages = source["stages"];
	    }
	}
	export class ZoteroSendRequest {
	    run_ids: string[];
	    collection: string;
	    include_set_aside: boolean;
	    again: boolean;
	
	    static createFrom(source: any = {}) {
	        return new ZoteroSendRequest(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.run_ids = source["run_ids"];
	        this.collection = source["collection"];
	        this.include_set_aside = source["include_set_aside"];
	        this.again = source["again"];
	    }
	}
	export class ZoteroSent {
	    run_id: string;
	    saved: number;
	    target: string;
	    tags: string[];
	
	    static createFrom(source: any = {}) {
	        return new ZoteroSent(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.run_id = source["run_id"];
	        this.saved = source["saved"];
	        this.target = source["target"];
	        this.tags = source["tags"];
	    }
	}
	export class ZoteroSendResult {
	    zotero: zotero.Info;
	    runs: ZoteroSent[];
	    unchecked?: string;
	
	    static createFrom(source: any = {}) {
	        return new ZoteroSendResult(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.zotero = this.convertValues(source["zotero"], zotero.Info);
	        this.runs = this.convertValues(source["runs"], ZoteroSent);
	        this.unchecked = source["unchecked"];
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

export namespace zotero {
	
	export class Info {
	    version: string;
	    connector_api: number;
	
	    static createFrom(source: any = {}) {
	        return new Info(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.version = source["version"];
	        this.connector_api = source["connector_api"];
	    }
	}

}

