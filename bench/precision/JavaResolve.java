// javac as a resolver for bench:precision (run by java-resolve.ts with the JDK's source launcher):
// parses and attributes the given files of a checkout, with every source root of the checkout on
// the source path, then answers one query a line on stdin, `FILE\tLINE\tCOLUMN` (a path relative to
// the checkout, a 1-based line, a 0-based column), with one line on stdout: a JSON array of the
// declarations of the name there, each {"file","line","column","start","end"} for a declaration in
// the checkout's sources (1-based lines; start and end are the whole declaration's) or {"outside"}
// for one elsewhere: a class file (the JDK; its qualified class name) or a source file not under the
// checkout (its absolute path), such as the dependency sources appended to the source path. Names
// of dependencies not given stay unresolved, and answer [].
import com.sun.source.tree.*;
import com.sun.source.util.*;
import java.io.*;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;
import javax.lang.model.element.*;
import javax.tools.*;

public class JavaResolve {
  static Trees trees;
  static SourcePositions positions;
  static final Map<String, CompilationUnitTree> units = new HashMap<>();
  static final Map<CompilationUnitTree, String> texts = new HashMap<>();
  static Path root;

  public static void main(String[] args) throws Exception {
    root = Paths.get(args[0]).toAbsolutePath().normalize();
    String sourcePath = args[1];
    List<File> files = new ArrayList<>();
    for (int i = 2; i < args.length; i++) files.add(root.resolve(args[i]).toFile());
    JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
    StandardJavaFileManager fm = compiler.getStandardFileManager(null, null, StandardCharsets.UTF_8);
    List<String> options = List.of("-proc:none", "-implicit:none", "-Xlint:none", "-nowarn", "-XDshould-stop.ifError=FLOW", "-XDshould-stop.at=FLOW", "-sourcepath", sourcePath, "-encoding", "UTF-8");
    DiagnosticListener<JavaFileObject> quiet = d -> {};
    JavacTask task = (JavacTask) compiler.getTask(null, fm, quiet, options, null, fm.getJavaFileObjectsFromFiles(files));
    trees = Trees.instance(task);
    positions = trees.getSourcePositions();
    task.addTaskListener(new TaskListener() {
      public void finished(TaskEvent e) {
        if (e.getKind() == TaskEvent.Kind.PARSE) remember(e.getCompilationUnit());
      }
    });
    try {
      task.analyze();
    } catch (Throwable t) {
      System.err.println("javac: " + t);
    }
    System.out.println("READY");
    System.out.flush();
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    for (String line; (line = in.readLine()) != null; ) {
      String[] q = line.split("\t");
      String answer;
      try {
        answer = resolve(q[0], Integer.parseInt(q[1]), Integer.parseInt(q[2]));
      } catch (Throwable t) {
        answer = "[]";
      }
      System.out.println(answer);
      System.out.flush();
    }
  }

  static void remember(CompilationUnitTree unit) {
    Path file = Paths.get(unit.getSourceFile().toUri()).toAbsolutePath().normalize();
    units.put(file.toString(), unit);
  }

  static String text(CompilationUnitTree unit) {
    return texts.computeIfAbsent(unit, u -> {
      try {
        return u.getSourceFile().getCharContent(true).toString();
      } catch (IOException e) {
        return "";
      }
    });
  }

  static long offsetOf(String text, int line, int column) {
    int l = 1;
    int i = 0;
    while (l < line && i < text.length()) {
      if (text.charAt(i) == '\n') l++;
      i++;
    }
    return i + column;
  }

  static int lineOf(String text, long offset) {
    int l = 1;
    for (int i = 0; i < offset && i < text.length(); i++) if (text.charAt(i) == '\n') l++;
    return l;
  }

  static int columnOf(String text, long offset) {
    int start = text.lastIndexOf('\n', (int) offset - 1) + 1;
    return (int) offset - start;
  }

  /** The path of the innermost name (identifier, member select, declaration name) at an offset. */
  static TreePath at(CompilationUnitTree unit, long offset) {
    String text = text(unit);
    TreePath[] found = new TreePath[1];
    new TreePathScanner<Void, Void>() {
      @Override
      public Void visitIdentifier(IdentifierTree t, Void v) {
        long s = positions.getStartPosition(unit, t);
        if (s == offset) found[0] = getCurrentPath();
        return super.visitIdentifier(t, v);
      }

      @Override
      public Void visitMemberSelect(MemberSelectTree t, Void v) {
        long end = positions.getEndPosition(unit, t);
        String name = t.getIdentifier().toString();
        if (end - name.length() == offset) found[0] = getCurrentPath();
        return super.visitMemberSelect(t, v);
      }

      @Override
      public Void visitVariable(VariableTree t, Void v) {
        if (nameAt(unit, t, t.getName().toString()) == offset) found[0] = getCurrentPath();
        return super.visitVariable(t, v);
      }

      @Override
      public Void visitMethod(MethodTree t, Void v) {
        if (nameAt(unit, t, t.getName().toString()) == offset) found[0] = getCurrentPath();
        return super.visitMethod(t, v);
      }

      @Override
      public Void visitClass(ClassTree t, Void v) {
        if (nameAt(unit, t, t.getSimpleName().toString()) == offset) found[0] = getCurrentPath();
        return super.visitClass(t, v);
      }

      @Override
      public Void visitMemberReference(MemberReferenceTree t, Void v) {
        long end = positions.getEndPosition(unit, t);
        String name = t.getName().toString();
        if (end - name.length() == offset) found[0] = getCurrentPath();
        return super.visitMemberReference(t, v);
      }
    }.scan(unit, null);
    if (found[0] != null) {
      // `new Foo(` means Foo's constructor.
      TreePath parent = found[0].getParentPath();
      if (parent != null && parent.getLeaf() instanceof NewClassTree && ((NewClassTree) parent.getLeaf()).getIdentifier() == found[0].getLeaf()) return parent;
      if (parent != null && parent.getLeaf() instanceof ParameterizedTypeTree && parent.getParentPath() != null && parent.getParentPath().getLeaf() instanceof NewClassTree) return parent.getParentPath();
    }
    return found[0];
  }

  static String resolve(String file, int line, int column) {
    CompilationUnitTree unit = units.get(root.resolve(file).normalize().toString());
    if (unit == null) return "[]";
    TreePath path = at(unit, offsetOf(text(unit), line, column));
    if (path == null) return "[]";
    Element element = trees.getElement(path);
    if (element == null || element.asType().getKind() == javax.lang.model.type.TypeKind.ERROR && !(element instanceof ExecutableElement)) return "[]";
    TreePath declaration = trees.getPath(element);
    if (declaration == null) declaration = recordComponent(element);
    if (declaration == null) return "[{\"outside\":" + quote(String.valueOf(outerClass(element))) + "}]";
    CompilationUnitTree where = declaration.getCompilationUnit();
    Path whereFile = Paths.get(where.getSourceFile().toUri()).toAbsolutePath().normalize();
    if (!whereFile.startsWith(root)) return "[{\"outside\":" + quote(whereFile.toString()) + "}]";
    String text = text(where);
    Tree leaf = declaration.getLeaf();
    long start = positions.getStartPosition(where, leaf);
    long end = positions.getEndPosition(where, leaf);
    String name = element.getKind() == ElementKind.CONSTRUCTOR ? element.getEnclosingElement().getSimpleName().toString() : element.getSimpleName().toString();
    long nameAt = nameAt(where, leaf, name);
    if (nameAt < 0) nameAt = start;
    String rel = root.relativize(whereFile).toString().replace(File.separatorChar, '/');
    return "[{\"file\":" + quote(rel) + ",\"line\":" + lineOf(text, nameAt) + ",\"column\":" + columnOf(text, nameAt) + ",\"start\":" + lineOf(text, start) + ",\"end\":" + lineOf(text, Math.max(start, end - 1)) + "}]";
  }

  /**
   * A record's implicit accessor has no tree of its own: its declaration is the record component
   * of its name (the field javac makes of it), when the record is in the sources. Null otherwise.
   */
  static TreePath recordComponent(Element element) {
    if (!(element instanceof ExecutableElement) || !((ExecutableElement) element).getParameters().isEmpty()) return null;
    Element record = element.getEnclosingElement();
    // By name: ElementKind.RECORD is not in JDK 11's API.
    if (record == null || !record.getKind().name().equals("RECORD")) return null;
    for (Element member : record.getEnclosedElements())
      if (member.getKind() == ElementKind.FIELD && member.getSimpleName().contentEquals(element.getSimpleName())) return trees.getPath(member);
    return null;
  }

  /** Where a declaration's name starts (after its modifiers, its return or variable type), or -1. */
  static long nameAt(CompilationUnitTree unit, Tree leaf, String name) {
    long start = positions.getStartPosition(unit, leaf);
    long end = positions.getEndPosition(unit, leaf);
    long from = start;
    if (leaf instanceof MethodTree) {
      MethodTree m = (MethodTree) leaf;
      from = Math.max(from, positions.getEndPosition(unit, m.getModifiers()));
      if (m.getReturnType() != null) from = Math.max(from, positions.getEndPosition(unit, m.getReturnType()));
      if (m.getName().contentEquals("<init>")) name = ((ClassTree) trees.getPath(unit, leaf).getParentPath().getLeaf()).getSimpleName().toString();
    } else if (leaf instanceof ClassTree) from = Math.max(from, positions.getEndPosition(unit, ((ClassTree) leaf).getModifiers()));
    else if (leaf instanceof VariableTree) {
      Tree type = ((VariableTree) leaf).getType();
      if (type != null) from = Math.max(from, positions.getEndPosition(unit, type));
    }
    if (from < 0) return -1;
    return findWord(text(unit), name, (int) from, (int) end);
  }

  static Object outerClass(Element e) {
    while (e != null && !(e instanceof TypeElement && e.getEnclosingElement() instanceof PackageElement)) e = e.getEnclosingElement();
    return e == null ? "?" : ((TypeElement) e).getQualifiedName();
  }

  static long findWord(String text, String word, int from, int to) {
    for (int i = text.indexOf(word, Math.max(0, from)); i >= 0 && (to < 0 || i < to); i = text.indexOf(word, i + 1)) {
      boolean before = i == 0 || !Character.isJavaIdentifierPart(text.charAt(i - 1));
      boolean after = i + word.length() >= text.length() || !Character.isJavaIdentifierPart(text.charAt(i + word.length()));
      if (before && after) return i;
    }
    return -1;
  }

  static String quote(String s) {
    StringBuilder b = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      if (c == '"' || c == '\\') b.append('\\').append(c);
      else if (c < 0x20) b.append(String.format("\\u%04x", (int) c));
      else b.append(c);
    }
    return b.append('"').toString();
  }
}
