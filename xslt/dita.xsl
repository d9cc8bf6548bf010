<?xml version="1.0" encoding="UTF-8"?>
<!-- The "dita" view: the whole DITA document rebuilt from the XLIFF skeleton and one language.
     Units are written in order: translate="no" units from <source>, translatable ones from
     <seg-source> (side='source') or <target> (side='target'), with the whitespace between segments
     kept. Inline codes hold the DITA markup as text, written out unescaped; the document's own text
     is escaped again (&amp;, &lt;), so the result parses as XML. -->
<xsl:stylesheet version="1.0"
    xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
    xmlns:x="urn:oasis:names:tc:xliff:document:1.2"
    xmlns:regexp="http://exslt.org/regular-expressions"
    extension-element-prefixes="regexp">
  <xsl:output method="xml" omit-xml-declaration="yes" encoding="UTF-8"/>

  <xsl:param name="side" select="'source'"/>

  <xsl:template match="/">
    <xsl:text disable-output-escaping="yes">&lt;?xml version="1.0" encoding="UTF-8"?&gt;&#10;</xsl:text>
    <xsl:for-each select="//x:trans-unit">
      <xsl:choose>
        <xsl:when test="@translate = 'no'">
          <xsl:apply-templates mode="dita" select="x:source/node()"/>
        </xsl:when>
        <xsl:when test="$side = 'target' and x:target">
          <xsl:apply-templates mode="dita" select="x:target/node()"/>
        </xsl:when>
        <xsl:when test="x:seg-source">
          <xsl:apply-templates mode="dita" select="x:seg-source/node()"/>
        </xsl:when>
        <xsl:otherwise>
          <xsl:apply-templates mode="dita" select="x:source/node()"/>
        </xsl:otherwise>
      </xsl:choose>
    </xsl:for-each>
    <xsl:text>&#10;</xsl:text>
  </xsl:template>

  <xsl:template mode="dita" match="text()">
    <xsl:value-of select="."/>
  </xsl:template>

  <xsl:template mode="dita" match="x:ph | x:bpt | x:ept | x:it">
    <xsl:value-of select="." disable-output-escaping="yes"/>
  </xsl:template>

  <!-- A target document declares the target language (xml:lang="en-US" becomes e.g. "ja-JP"). -->
  <xsl:template mode="dita" match="x:ph[contains(., 'xml:lang=&quot;')]">
    <xsl:variable name="lang">
      <xsl:choose>
        <xsl:when test="$side = 'target'"><xsl:value-of select="/x:xliff/x:file/@target-language"/></xsl:when>
        <xsl:otherwise><xsl:value-of select="/x:xliff/x:file/@source-language"/></xsl:otherwise>
      </xsl:choose>
    </xsl:variable>
    <xsl:value-of disable-output-escaping="yes"
        select="regexp:replace(., 'xml:lang=&quot;[^&quot;]*&quot;', '', concat('xml:lang=&quot;', $lang, '&quot;'))"/>
  </xsl:template>

  <xsl:template mode="dita" match="x:ph[contains(@id, 'locked')]">
    <xsl:text disable-output-escaping="yes">&lt;xref id="</xsl:text>
    <xsl:value-of select="@xid"/>
    <xsl:text disable-output-escaping="yes">"/&gt;</xsl:text>
  </xsl:template>

  <xsl:template mode="dita" match="*">
    <xsl:apply-templates mode="dita"/>
  </xsl:template>
</xsl:stylesheet>
