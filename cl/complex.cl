// Complex helpers shared by jitfft's generated programs. `real`/`real2` are typedef'd by the
// generator to float/float2 or double/double2 before this text.

// (a.x + i a.y)(b.x + i b.y)
inline real2 cmul(real2 a, real2 b)
{
    return (real2)(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}

// a * i and a * (-i): a rotation, no multiplication.
inline real2 cmul_i(real2 a) { return (real2)(-a.y, a.x); }
inline real2 cmul_neg_i(real2 a) { return (real2)(a.y, -a.x); }
