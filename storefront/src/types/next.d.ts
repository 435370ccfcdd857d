// Next's ambient types (CSS modules, image imports). The generated next-env.d.ts carries the same
// references, but it exists only after a build; this file lets a fresh checkout typecheck.
/// <reference types="next" />
/// <reference types="next/image-types/global" />
