import type { Bilingual } from './lang.js';

/**
 * Why a named fault cannot be played where it stands in a lesson (the session's state lacks what
 * the fault works on), in both languages: `lessons --check` and opening the lesson say it after
 * the step (`step 4: …`). `{name}` is the fault's name, as the lesson file writes it.
 */
export const FAULT_STRINGS = {
  noSuchFault: { en: 'no such fault: {name}', zh: '没有这个故障：{name}' },

  // 2024-11-05 … 2025-11-25
  needsEarlierRequest: {
    en: '{name} needs an earlier client request',
    zh: '{name} 需要客户端之前发过的一个请求',
  },
  needsProgressToken: {
    en: '{name} needs a request with a progress token',
    zh: '{name} 需要一个带进度令牌（progressToken）的请求',
  },
  needsCompletedToken: {
    en: '{name} needs a completed request with a progress token',
    zh: '{name} 需要一个已完成、且带进度令牌（progressToken）的请求',
  },
  needsClosedStream: {
    en: '{name} needs a request with a progress token whose HTTP stream the client closed (client: {abandon: …}) in a 2026-07-28 lesson',
    zh: '{name} 需要一个带进度令牌、且客户端已关闭其 HTTP 流（client: {abandon: …}）的请求，并且课程是 2026-07-28 的',
  },
  needsCancelledToken: {
    en: '{name} needs a cancelled request with a progress token',
    zh: '{name} 需要一个已取消、且带进度令牌（progressToken）的请求',
  },
  needsCancelled: {
    en: '{name} needs a cancelled request',
    zh: '{name} 需要一个已取消的请求',
  },
  needsPendingInitialize: {
    en: '{name} needs a pending initialize',
    zh: '{name} 需要一个尚未得到回答的 initialize 请求',
  },
  needsInitializeSent: {
    en: '{name} needs an initialize the client sent earlier',
    zh: '{name} 需要客户端之前发送过的一个 initialize 请求',
  },
  // Faults gallery (lesson 19)
  needsAnsweredRequest: {
    en: '{name} needs a client request the server has answered',
    zh: '{name} 需要一个服务器已经回应过的客户端请求',
  },
  requestIdSent: {
    en: '{name}: the client did send a request with id {id}; give requestId an id it never sent',
    zh: '{name}：客户端确实发送过 id 为 {id} 的请求；requestId 应当是它从未发送过的 id',
  },
  needsResultField: {
    en: '{name} needs a pending client request the server has a result for, with the field {field} to leave out',
    zh: '{name} 需要一个未完成的客户端请求，服务器已为它备好结果，且结果中有要去掉的字段 {field}',
  },
  needsPendingRequestOf: {
    en: '{name} needs a {method} from the client still waiting for its answer',
    zh: '{name} 需要客户端的一个仍在等待回应的 {method}',
  },
  needsInvalidLogLevel: {
    en: '{name} needs a request from the client still waiting for its answer whose _meta logLevel is no level, which the server refuses',
    zh: '{name} 需要客户端的一个仍在等待回应的请求，其 _meta 中的 logLevel 不是有效级别，且服务器拒绝了它',
  },
  needsPendingToolList: {
    en: '{name} needs a pending tools/list whose answer lists at least one tool',
    zh: '{name} 需要一个未完成的 tools/list，且其回答中至少列出一个工具',
  },
  needsNegotiatedVersion: {
    en: '{name} needs a session whose initialize was answered with a known revision',
    zh: '{name} 需要一个 initialize 已得到回答、且协商出已知修订版本的会话',
  },
  methodInVersion: {
    en: '{name}: {method} must be an MCP method that {version}, the negotiated revision, does not have (one that arrived later, such as tasks/list after 2025-06-18)',
    zh: '{name}：{method} 必须是协商好的修订版本 {version} 所没有的 MCP 方法（较晚才加入的方法，例如 2025-06-18 之后的 tasks/list）',
  },

  // 2026-07-28
  needsModernClient: {
    en: '{name} needs a modern client (client era: modern, or a server/discover it sent answered)',
    zh: '{name} 需要一个 2026-07-28 时代的客户端（客户端配置写 `era: modern`，或它发出的 server/discover 已得到回答）',
  },
  metaKeyOneOf: {
    en: '{name}: key must be protocolVersion or clientCapabilities, not {key}',
    zh: '{name}：参数 key 只能是 protocolVersion 或 clientCapabilities，不能是 {key}',
  },
  needsVersionRetry: {
    en: '{name} needs the retry a modern client queued after the server refused its request with -32022',
    zh: '{name} 需要现代客户端在服务器以 -32022 拒绝其请求之后排好的重试',
  },
  needsRefusal: {
    en: '{name} needs a client request the server is about to refuse with -32022 (a protocolVersion it does not serve)',
    zh: '{name} 需要一个服务器即将以 -32022 拒绝的客户端请求（其 protocolVersion 是服务器不支持的版本）',
  },
  needsMalformedRefusal: {
    en: '{name} needs a pending request without its required _meta keys, which the server refuses with -32602',
    zh: '{name} 需要一个缺少必需 _meta 键、服务器会以 -32602 拒绝的未完成请求',
  },
  needsPendingRefusal: {
    en: '{name} needs a pending request the server refuses with -32022 (a version it does not serve)',
    zh: '{name} 需要一个服务器会以 -32022 拒绝的未完成请求（它的版本服务器不支持）',
  },
  noResultInServedVersion: {
    en: '{name}: the request gets no result even in a version the server serves',
    zh: '{name}：即使换成服务器支持的版本，这个请求也得不到结果',
  },
  needsRetryAboutToGo: {
    en: '{name} needs a retry the client is about to send (after an input_required round with requestState)',
    zh: '{name} 需要一个客户端即将发送的重试（在一轮带 requestState 的 input_required 之后）',
  },
  needsServerRequest: {
    en: '{name} needs a request of the server waiting',
    zh: '{name} 需要一个正在等待回答的服务器请求',
  },
  needsToolList: {
    en: '{name} needs a pending tools/list whose answer lists a tool with a string parameter',
    zh: '{name} 需要一个未完成的 tools/list，且其回答中有带字符串参数的工具',
  },
  needsNextPage: {
    en: '{name} needs a pending request for a later page of a list (client: next-page, with a server that has a pageSize)',
    zh: '{name} 需要一个未完成的、获取列表后续页的请求（client: next-page，且服务器设置了 pageSize）',
  },
  needsStructuredResult: {
    en: '{name} needs a pending tools/call the server has a structured result for (weather_current or calculator_arithmetic, say)',
    zh: '{name} 需要一个未完成的 tools/call，且服务器已为它备好结构化结果（例如 weather_current 或 calculator_arithmetic）',
  },
  needsCompleteResult: {
    en: '{name} needs a pending request the server has a complete result for',
    zh: '{name} 需要一个未完成的请求，且服务器已为它备好完整的结果（`resultType: complete`）',
  },
  needsCapabilityRefusal: {
    en: '{name} needs a pending tools/call the server refuses with -32021 (an undeclared client capability)',
    zh: '{name} 需要一个服务器会以 -32021 拒绝的未完成 tools/call（请求没有声明所需的客户端能力）',
  },
  asksNoInput: {
    en: '{name}: the tool asks for no input even with the capability',
    zh: '{name}：即使声明了这项能力，这个工具也不会请求输入',
  },
  needsMissingResource: {
    en: '{name} needs a pending resources/read of a resource that does not exist',
    zh: '{name} 需要一个读取不存在的资源、尚未完成的 resources/read',
  },
  needsResultFor: {
    en: '{name} needs a pending {method} the server has a result for',
    zh: '{name} 需要一个服务器已备好结果、尚未完成的 {method}',
  },
  needsRoundToRetry: {
    en: '{name} needs an input_required round the client is about to retry',
    zh: '{name} 需要一轮客户端即将重试的 input_required',
  },
  needsUnackedStream: {
    en: '{name} needs a listen stream the server has not acknowledged yet',
    zh: '{name} 需要一个服务器尚未确认的 listen 流',
  },
  needsStreamAsking: {
    en: '{name} needs a listen stream that asked for something',
    zh: '{name} 需要一个订阅了某些通知的 listen 流',
  },
  noAckScheduled: {
    en: '{name}: the server has no acknowledgment scheduled for the stream',
    zh: '{name}：服务器没有为这个流安排确认通知',
  },
  needsFlagLeftOut: {
    en: '{name} needs a listen whose filter leaves a list_changed flag out',
    zh: '{name} 需要一个过滤条件漏掉了某个 list_changed 标志的 listen',
  },
  needsAckedStream: {
    en: '{name} needs an acknowledged listen stream',
    zh: '{name} 需要一个已被确认的 listen 流',
  },
  // 2025-11-25 basic/utilities/tasks (lesson 31)
  needsTerminalCancel: {
    en: '{name} needs a pending tasks/cancel of a task already completed, failed or cancelled (client: {task: cancel} after the task ended)',
    zh: '{name} 需要一个尚未完成的 tasks/cancel，且它指向的任务已经完成、失败或取消（在任务结束后使用 client: {task: cancel}）',
  },
  needsEndedTaskResult: {
    en: '{name} needs a pending tasks/result of a task that completed or failed (client: {task: result} after the task ended)',
    zh: '{name} 需要一个尚未回应的 tasks/result，且它指向的任务已经完成或失败（在任务结束后使用 client: {task: result}）',
  },
  needsUnfinishedTaskResult: {
    en: '{name} needs a pending tasks/result of a task still working whose server has scheduled a report of it unfinished (a task that needs the client’s input, such as collect_feedback, called as a task: client: {task: result} before it moves to input_required)',
    zh: '{name} 需要一个尚未回应的 tasks/result，它指向的任务仍在运行，且服务器已安排好报告该任务尚未结束（例如以任务方式调用需要客户端输入的 collect_feedback：在它转为 input_required 之前使用 client: {task: result}）',
  },
  needsFinishedTask: {
    en: '{name} needs a task the server has completed (a tools/call with params.task whose work is done)',
    zh: '{name} 需要一个服务器已经完成的任务（带 params.task 的 tools/call，且工作已经做完）',
  },
  needsTaskCreation: {
    en: '{name} needs a pending tools/call with params.task that the server will answer with a CreateTaskResult (for task-call-answered-directly, of a tool that needs no input from the client)',
    zh: '{name} 需要一个带 params.task、服务器将以 CreateTaskResult 回应的 tools/call，且它尚未得到回应（对 task-call-answered-directly 而言，所调用的工具还不能需要客户端提供输入）',
  },
  needsLiveTask: {
    en: '{name} needs an earlier task of the server that still exists: not cancelled, and created less than its ttl ago',
    zh: '{name} 需要服务器先前创建、至今仍然存在的任务：没有被取消，且创建至今未超过它的 ttl',
  },
  needsTaskInputRequest: {
    en: '{name} needs the request the server will send for the input its task needs (a task in input_required, after client: {task: result})',
    zh: '{name} 需要服务器为任务所需输入而将要发出的请求（任务处于 input_required，并且已使用 client: {task: result}）',
  },
  needsClientTask: {
    en: '{name} needs a task the server created for the client (a tools/call with params.task answered by a CreateTaskResult), or params.taskId',
    zh: '{name} 需要服务器为客户端创建过的任务（带 params.task、并以 CreateTaskResult 得到回应的 tools/call），或者给出 params.taskId',
  },
  needsRecentPoll: {
    en: '{name} needs a tasks/get result for {taskId} that came less than its pollInterval ago (a client: {task: get} answered by server: next, with no wait after it)',
    zh: '{name} 需要一个针对 {taskId} 的 tasks/get 结果，且它到来的时间距现在不足其 pollInterval（先用 client: {task: get} 并以 server: next 得到回应，之后不要等待）',
  },
  needsTaskGetWithMeta: {
    en: '{name} needs a pending tasks/get whose related-task _meta names another task the server has than its params.taskId (after task-request-with-related-meta)',
    zh: '{name} 需要一个尚未回应的 tasks/get，其 related-task _meta 指向服务器的另一个任务，而不是它的 params.taskId（在 task-request-with-related-meta 之后）',
  },
  needsFailedTaskGet: {
    en: '{name} needs a pending tasks/get of a task that failed (client: {task: get} after the task failed)',
    zh: '{name} 需要一个尚未回应的 tasks/get，且它指向的任务已经失败（在任务失败后使用 client: {task: get}）',
  },
  taskAugmentableMethod: {
    en: '{name} needs a method that cannot run as a task; {method} can (give params.method, e.g. tools/list)',
    zh: '{name} 需要一个不能作为任务运行的方法；{method} 可以作为任务运行（请给出 params.method，例如 tools/list）',
  },
  needsServerTask: {
    en: '{name} needs a task the server created (a tools/call with params.task), or params.taskId naming one',
    zh: '{name} 需要一个服务器创建过的任务（带 params.task 的 tools/call），或者用 params.taskId 指明一个',
  },
  needsForbiddenTool: {
    en: '{name} needs a tool the latest tools/list showed without execution.taskSupport or with "forbidden" (client: {request: tools/list} first; params.name names one)',
    zh: '{name} 需要一个在最近一次 tools/list 中没有 execution.taskSupport 或其值为 "forbidden" 的工具（先使用 client: {request: tools/list}；可用 params.name 指明工具）',
  },
  needsUndeclaredModeRequest: {
    en: '{name} needs an elicitation/create of the server, not answered yet, in a mode the client did not declare (server: {request: elicitation/create, params: {mode: url, …}} to a client that declared only elicitation.form)',
    zh: '{name} 需要服务器发出的、尚未回答的 elicitation/create，且它使用的模式客户端没有声明（向只声明了 elicitation.form 的客户端发送 server: {request: elicitation/create, params: {mode: url, …}}）',
  },
  // 2025-11-25 client/elicitation, URL mode (lesson 14)
  needsUrlElicitationError: {
    en: '{name} needs a pending client request the server will answer with -32042 (connect_account, with a client that declared elicitation.url)',
    zh: '{name} 需要一个服务器将以 -32042 回应的、尚未完成的客户端请求（connect_account，且客户端声明了 elicitation.url）',
  },
  needsNonListen: {
    en: '{name} needs a pending client request that is not a listen',
    zh: '{name} 需要一个尚未完成、且不是 listen 的客户端请求',
  },
  // 2025-11-25 client/elicitation, added to lesson 32 (form-content-unchecked,
  // url-elicitation-error-to-form-client)
  needsFormElicitation: {
    en: '{name} needs a form-mode elicitation/create of the server with a requestedSchema, not answered yet (collect_feedback)',
    zh: '{name} 需要服务器发出的、尚未回答的表单模式 elicitation/create，且它带有 requestedSchema（collect_feedback）',
  },
  needsClientWithoutUrlMode: {
    en: '{name} needs a pending client request the server has an answer for, and a client that did not declare elicitation.url',
    zh: '{name} 需要一个服务器已准备好回应的、尚未完成的客户端请求，且客户端没有声明 elicitation.url',
  },
  needsCompletedElicitation: {
    en: '{name} needs an elicitation the server completed with notifications/elicitation/complete, or params.elicitationId',
    zh: '{name} 需要一个服务器已用 notifications/elicitation/complete 宣告完成的信息征询，或者 params.elicitationId',
  },
  needsBatchInitialize: {
    en: '{name} needs a client whose first version is 2025-03-26 (the one revision with JSON-RPC batches) and no initialize sent yet',
    zh: '{name} 需要首选版本为 2025-03-26（唯一有 JSON-RPC 批量消息的版本）且尚未发送 initialize 的客户端',
  },
  needsUndeclaredToolSampling: {
    en: '{name} needs a pending sampling/createMessage with tools or toolChoice, to a client that declared sampling without sampling.tools',
    zh: '{name} 需要一个尚未回答的、带 tools 或 toolChoice 的 sampling/createMessage，且客户端声明了 sampling 却没有声明 sampling.tools',
  },
  needsToolSampling: {
    en: '{name} needs a session that negotiated 2025-11-25 (tool use in sampling) with a client that declared sampling',
    zh: '{name} 需要一个协商出 2025-11-25（采样中可以使用工具）的会话，且客户端声明了 sampling',
  },
  needsToolChoiceSampling: {
    en: '{name} needs a pending sampling/createMessage with toolChoice "none", or "required" before any tool use, to a client that declared sampling.tools',
    zh: '{name} 需要一个尚未回答的 sampling/createMessage，其 toolChoice 为 "none"，或为 "required" 且对话中还没有工具调用，且客户端声明了 sampling.tools',
  },
  needsSamplingRound: {
    en: '{name} needs, in 2026-07-28, a pending call the server will answer with an input_required round that asks for sampling (summarize_text, to a request that declared sampling)',
    zh: '{name} 在 2026-07-28 中需要一个尚未回应、服务器将以请求 sampling 的 input_required 轮次回应的调用（例如向声明了 sampling 的请求提供的 summarize_text）',
  },
  needsSamplingRoundWithoutTools: {
    en: "{name} needs, in 2026-07-28, a pending call the server will answer with an input_required round that asks for sampling, from a request that declared sampling without sampling.tools (summarize_text, with the client's usual capabilities)",
    zh: '{name} 在 2026-07-28 中需要一个尚未回应、服务器将以请求 sampling 的 input_required 轮次回应的调用，且该请求声明了 sampling 却没有声明 sampling.tools（例如以客户端平常的能力调用 summarize_text）',
  },
  needsUndeclaredToolRound: {
    en: "{name} needs, in 2026-07-28, the server's latest input_required round to offer tools (tools or toolChoice) in a sampling/createMessage to a request that declared sampling without sampling.tools, and no retry of it yet (play tool-sampling-undeclared first)",
    zh: '{name} 在 2026-07-28 中需要服务器最近的 input_required 轮次在 sampling/createMessage 中提供工具（tools 或 toolChoice），且得到该轮次的请求声明了 sampling 却没有声明 sampling.tools，而这一轮还没有被重试过（先演示 tool-sampling-undeclared）',
  },
  badToolChoiceMode: {
    en: '{name}: params.mode is the toolChoice mode, "auto", "none" or "required", not {mode}',
    zh: '{name}：params.mode 是 toolChoice 的模式，只能是 "auto"、"none" 或 "required"，而不是 {mode}',
  },
  // Tool schemas and tool results (lessons 7 and 30)
  needsTypedToolList: {
    en: '{name} needs a pending tools/list whose answer lists a tool with a typed property in its inputSchema',
    zh: '{name} 需要一个未完成的 tools/list，且其回答中有工具的 inputSchema 带有声明了类型的属性',
  },
  needsRefusedToolCall: {
    en: '{name} needs a pending tools/call of weather_current, calculator_arithmetic or db_query that the server answers with a tool execution error (arguments off the inputSchema), and arguments it can run with (params.arguments)',
    zh: '{name} 需要一个未完成的 tools/call（weather_current、calculator_arithmetic 或 db_query），服务器要以工具执行错误回应它（参数不符合 inputSchema），并且要有工具能够运行的参数（params.arguments）',
  },
  // _meta key names and roots (meta-key-malformed, root-not-file)
  needsScheduledResult: {
    en: '{name} needs a pending client request the server has a result for',
    zh: '{name} 需要一个尚未完成的客户端请求，且服务器已为它备好结果',
  },
  needsPendingRootsList: {
    en: '{name} needs a roots/list of the server the client has not answered yet (in 2026-07-28: a retry of the client that answers one)',
    zh: '{name} 需要服务器发出的、客户端尚未回答的 roots/list（在 2026-07-28 中：客户端回答它的重试请求）',
  },
  needsUrlRound: {
    en: '{name} needs a pending client request the server answers with an input_required round holding a URL-mode elicitation/create (connect_account, for a request that declared elicitation.url)',
    zh: '{name} 需要一个尚未完成的客户端请求，且服务器对它的回答是一个含有 URL 模式 elicitation/create 的 input_required 轮次（connect_account，且该请求声明了 elicitation.url）',
  },
  needsConnectAccountCall: {
    en: '{name} needs a pending connect_account call of the client the server has scheduled an answer for (in 2026-07-28: an input_required round, or -32021 for a request without elicitation.url)',
    zh: '{name} 需要客户端一个尚未完成、服务器已安排好回答的 connect_account 调用（在 2026-07-28 中：一个 input_required 轮次，或对未声明 elicitation.url 的请求回应 -32021）',
  },
  needsFormRoundToRetry: {
    en: '{name} needs an input_required round with a form-mode elicitation/create that the client is about to retry',
    zh: '{name} 需要一轮含有表单模式 elicitation/create、客户端即将重试的 input_required',
  },
  needsFormRound: {
    en: '{name} needs a pending client request the server answers with an input_required round holding a form-mode elicitation/create',
    zh: '{name} 需要一个尚未完成的客户端请求，且服务器对它的回答是一个含有表单模式 elicitation/create 的 input_required 轮次',
  },
  needsToolChoiceRound: {
    en: '{name} needs, in 2026-07-28, a retry of the client that answers a round whose sampling/createMessage has toolChoice "none", or "required" before any tool use (do: {offer-tools: …} before the call)',
    zh: '{name} 在 2026-07-28 中需要客户端的一个重试请求，它回答的那一轮中的 sampling/createMessage 的 toolChoice 为 "none"，或为 "required" 且对话中还没有工具调用（在调用之前使用 do: {offer-tools: …}）',
  },
  needsPendingDiscover: {
    en: '{name} needs a server/discover from the client still waiting for its answer (client: discover first)',
    zh: '{name} 需要客户端的一个仍在等待回应的 server/discover（先让客户端执行 discover）',
  },
  needsRefusedInitialize: {
    en: '{name} needs an initialize from the client still waiting for its answer, which a modern-only server refuses (play initialize-in-modern-session first)',
    zh: '{name} 需要客户端的一个仍在等待回应的 initialize，且只支持现代版本的服务器会拒绝它（先演示 initialize-in-modern-session）',
  },
  needsScriptedMessage: {
    en: '{name} needs params.message: the whole message, written out (no simulated peer speaks the tasks extension)',
    zh: '{name} 需要 params.message：写出完整的消息（没有模拟端实现 tasks 扩展）',
  },
  needsTwoTools: {
    en: '{name} needs a tools/list from the client still waiting for its answer, whose answer lists at least two tools',
    zh: '{name} 需要客户端的一个仍在等待回应的 tools/list，且其回答中至少列出两个工具',
  },
  needsDeclaredList: {
    en: '{name} needs a tools/list, prompts/list or resources/list from the client still waiting for its answer, of a capability the server declared',
    zh: '{name} 需要客户端的一个仍在等待回应的 tools/list、prompts/list 或 resources/list，且服务器声明了对应的能力',
  },
  needsRejectedTool: {
    en: '{name} needs a tools/list result that defines a tool with an invalid x-mcp-header annotation (play x-mcp-header-invalid first)',
    zh: '{name} 需要一个 tools/list 结果，其中某个工具的 x-mcp-header 注解无效（先演示 x-mcp-header-invalid）',
  },
  needsRetryAskedAgain: {
    en: '{name} needs a retry from the client still waiting for its answer, which the server would answer with a new input_required round (play retry-without-answers first)',
    zh: '{name} 需要客户端的一次仍在等待回应的重试，且服务器本会以新的 input_required 轮次回应它（先演示 retry-without-answers）',
  },
  needsInvalidRetry: {
    en: '{name} needs a retry from the client still waiting for its answer, whose inputResponses the server would refuse (play retry-with-invalid-answer first)',
    zh: '{name} 需要客户端的一次仍在等待回应的重试，且服务器本会拒绝它的 inputResponses（先演示 retry-with-invalid-answer）',
  },
} as const satisfies Record<string, Bilingual>;
