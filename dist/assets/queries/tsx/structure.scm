; inherits: typescript, jsx
; TSX is TypeScript with JSX: nothing of its own.
